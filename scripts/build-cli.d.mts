/** Types of build-cli.mjs (a plain ES module script). */
export declare const CLI_BUNDLE: string;
/** The command line's bundle (see node-bundle.mjs). */
export declare const cli: {
  outfile: string;
  inputsFile: string;
  /** Why it must be (re)built, or null when it is current. */
  staleReason(projectRoot?: string): string | null;
  /** Builds it; answers its absolute path. */
  build(projectRoot?: string): Promise<string>;
  /** Builds it when missing or stale; answers its absolute path. */
  ensureBuilt(projectRoot?: string, log?: (line: string) => void): Promise<string>;
};
