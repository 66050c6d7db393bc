/**
 * Fakes of keytar and safeStorage for the secret store tests.
 */
import type { KeytarLike } from './keychain-store';
import type { SafeStorageCipher } from './safe-storage-store';

/** An in-memory keytar; `failWith` makes every call reject with that message. */
export class FakeKeytar implements KeytarLike {
  readonly entries = new Map<string, string>();
  failWith: string | null = null;
  calls = 0;

  async getPassword(service: string, account: string): Promise<string | null> {
    this.#maybeFail();
    return this.entries.get(`${service}/${account}`) ?? null;
  }

  async setPassword(service: string, account: string, password: string): Promise<void> {
    // A hostile backend that quotes its input, to prove the store blanks it.
    this.#maybeFail(password);
    this.entries.set(`${service}/${account}`, password);
  }

  async deletePassword(service: string, account: string): Promise<boolean> {
    this.#maybeFail();
    return this.entries.delete(`${service}/${account}`);
  }

  #maybeFail(input?: string): void {
    this.calls++;
    if (this.failWith !== null)
      throw new Error(input ? `${this.failWith} (input ${input})` : this.failWith);
  }
}

/** A reversible stand-in for safeStorage: base64 of the reversed text behind a marker. */
export class FakeCipher implements SafeStorageCipher {
  constructor(
    private readonly backendName = 'gnome_libsecret',
    private readonly available = true,
  ) {}

  isEncryptionAvailable(): boolean {
    return this.available;
  }

  backend(): string {
    return this.backendName;
  }

  encrypt(text: string): Buffer {
    return Buffer.concat([Buffer.from('v10'), Buffer.from([...text].reverse().join(''), 'utf8')]);
  }

  decrypt(data: Buffer): string {
    if (data.subarray(0, 3).toString() !== 'v10')
      throw new Error(`cannot decrypt ${data.toString()}`);
    return [...data.subarray(3).toString('utf8')].reverse().join('');
  }
}
