// What `local/no-silent-catch` refuses (an error dropped without a word) and lets through (a reason on the spot, a handled error).
import { describe, expect, it } from 'vitest';
import { Linter } from 'eslint';
import rule from './noSilentCatch.js';

const linter = new Linter({ configType: 'flat' });
const config = [{ plugins: { local: { rules: { 'no-silent-catch': rule } } }, rules: { 'local/no-silent-catch': 'error' as const } }];
const problems = (code: string): string[] => linter.verify(code, config).map((m) => m.messageId ?? m.message);

describe('no-silent-catch', () => {
  it('refuses an empty catch and a do-nothing .catch() without a comment', () => {
    expect(problems('try { f(); } catch {}')).toEqual(['emptyCatch']);
    expect(problems('try { f(); } catch (e) {\n}')).toEqual(['emptyCatch']);
    expect(problems('p.catch(() => undefined);')).toEqual(['silentHandler']);
    expect(problems('p.catch(() => null);')).toEqual(['silentHandler']);
    expect(problems('p.catch(() => void 0);')).toEqual(['silentHandler']);
    expect(problems('p.catch(() => {});')).toEqual(['silentHandler']);
    expect(problems('p.catch(function () {});')).toEqual(['silentHandler']);
    // A comment on another line, or before the '.catch', is not its reason.
    expect(problems('// reason\np.catch(() => undefined);')).toEqual(['silentHandler']);
    expect(problems('p.catch(() => undefined);\n// reason')).toEqual(['silentHandler']);
    expect(problems('f(/* x */ a).catch(() => undefined);')).toEqual(['silentHandler']);
  });

  it('lets through a reason on the same line and a handled error', () => {
    expect(problems('try { f(); } catch { /* storage unavailable: the address still carries the link */ }')).toEqual([]);
    expect(problems('try { f(); } catch {\n  // the list refreshes on the next load\n}')).toEqual([]);
    expect(problems('try { f(); } catch {} // a closed channel has nothing to flush')).toEqual([]);
    expect(problems('p.catch(() => undefined); // reported by the load itself')).toEqual([]);
    expect(problems('p.catch(() => { /* reported by the load itself */ });')).toEqual([]);
    expect(problems('try { f(); } catch (e) { console.error(e); }')).toEqual([]);
    expect(problems('p.catch((e) => console.warn(e));')).toEqual([]);
    expect(problems('p.catch(() => fallback);')).toEqual([]);
    expect(problems('p.then(() => undefined);')).toEqual([]);
  });
});
