import { describe, expect, it } from 'vitest';
import { NoticeService } from './notice-service';

describe('NoticeService', () => {
  it('tells its listeners of every notice added, once per wording', () => {
    const notices = new NoticeService();
    const told: (readonly string[])[] = [];
    notices.onChange((all) => told.push(all));
    notices.add('The settings file was repaired.');
    notices.add('The cache was damaged.');
    notices.add('The settings file was repaired.');
    expect(notices.all).toEqual(['The settings file was repaired.', 'The cache was damaged.']);
    expect(told).toEqual([
      ['The settings file was repaired.'],
      ['The settings file was repaired.', 'The cache was damaged.'],
    ]);
  });

  it("keeps one notice per topic: a new one replaces the topic's last, null removes it", () => {
    const notices = new NoticeService();
    let changes = 0;
    notices.onChange(() => changes++);
    notices.set('token', 'Not sent to a.example.');
    notices.add('The cache was damaged.');
    notices.set('token', 'Not sent to b.example.');
    expect(notices.all).toEqual(['The cache was damaged.', 'Not sent to b.example.']);
    notices.set('token', 'Not sent to b.example.');
    notices.set('override', null);
    expect(changes).toBe(3);
    notices.set('token', null);
    expect(notices.all).toEqual(['The cache was damaged.']);
    expect(changes).toBe(4);
  });
});
