import { describe, expect, it } from 'vitest';
import { lineLink, lineOfLink, parseAppLink, pkLink, pointLink, withoutLink } from './links';

const ID = '3f1c2b8e-9a4d-4c2e-8f1a-0b2c3d4e5f60';
describe('links', () => {
  it('reads a point or a PK link, ignoring malformed values', () => {
    expect(parseAppLink(`?point=${ID}`)).toEqual({ kind: 'point', id: ID });
    expect(parseAppLink(`?point=${ID.toUpperCase()}&pk=3`)).toEqual({ kind: 'point', id: ID });
    expect(parseAppLink('?pk=17.4')).toEqual({ kind: 'pk', km: 17.4 });
    expect(parseAppLink('?pk=17%2C4')).toEqual({ kind: 'pk', km: 17.4 });
    expect(parseAppLink('?pk=PK%2017%2B400')).toEqual({ kind: 'pk', km: 17.4 });
    expect(parseAppLink("?point=1' or 1=1")).toBeNull();
    expect(parseAppLink('?pk=abc')).toBeNull();
    expect(parseAppLink('')).toBeNull();
  });
  it('builds links that read back', () => {
    expect(pointLink('https://x.fr/', ID)).toBe(`https://x.fr/?point=${ID}`);
    expect(parseAppLink(new URL(pointLink('https://x.fr', ID)).search)).toEqual({ kind: 'point', id: ID });
    expect(parseAppLink(new URL(pkLink('https://x.fr', 12.05)).search)).toEqual({ kind: 'pk', km: 12.05 });
  });
  it('reads and builds a line link; a malformed line id is ignored', () => {
    expect(lineOfLink(new URL(lineLink('https://x.fr/', ID)).search)).toBe(ID);
    expect(lineOfLink(`?line=${ID.toUpperCase()}&pk=3`)).toBe(ID);
    expect(lineOfLink('?line=L1')).toBeNull();
    expect(lineOfLink(`?point=${ID}`)).toBeNull();
  });
  it('drops only the link parameters', () => {
    expect(withoutLink(`https://x.fr/?point=${ID}`)).toBe('/');
    expect(withoutLink('https://x.fr/?pk=3&a=1#h')).toBe('/?a=1#h');
  });
});
