import { describe, expect, it } from 'vitest';
import { charsetOf, decodeBody } from '../../../scripts/snapshot/source/charset.ts';

const latin1 = Buffer.from('{"resortName":"Zürich"}', 'latin1');

describe('charsetOf', () => {
  it.each([
    { type: undefined, expected: undefined },
    { type: 'application/json', expected: undefined },
    { type: 'application/json; charset=UTF-8', expected: 'utf-8' },
    { type: 'application/json;charset="ISO-8859-1"', expected: 'iso-8859-1' },
    { type: 'text/plain; format=flowed; Charset = latin1 ', expected: 'latin1' },
    { type: ['application/json; charset=utf-16', 'text/html'], expected: 'utf-16' },
    { type: 'application/json; charset=', expected: undefined },
  ])('$type declares $expected', ({ type, expected }) => {
    expect(charsetOf(type)).toBe(expected);
  });
});

describe('decodeBody', () => {
  it.each([
    {
      name: 'UTF-8, declared',
      bytes: Buffer.from('{"n":"Zürich"}'),
      type: 'application/json; charset=utf-8',
    },
    { name: 'UTF-8, declaring nothing', bytes: Buffer.from('{"n":"Zürich"}'), type: 'application/json' },
    { name: 'UTF-8 with a byte-order mark', bytes: Buffer.from('\ufeff{"n":"Zürich"}'), type: undefined },
    {
      name: 'iso-8859-1',
      bytes: Buffer.from('{"n":"Zürich"}', 'latin1'),
      type: 'application/json; charset=iso-8859-1',
    },
    {
      name: 'latin1',
      bytes: Buffer.from('{"n":"Zürich"}', 'latin1'),
      type: 'application/json; charset=latin1',
    },
    {
      name: 'UTF-16 with a byte-order mark',
      bytes: Buffer.from('\ufeff{"n":"Zürich"}', 'utf16le'),
      type: 'application/json; charset=utf-16',
    },
    {
      name: 'UTF-16LE',
      bytes: Buffer.from('{"n":"Zürich"}', 'utf16le'),
      type: 'application/json; charset=utf-16le',
    },
  ])('reads $name', ({ bytes, type }) => {
    expect(decodeBody(bytes, type)).toEqual({ text: '{"n":"Zürich"}' });
  });

  it('reads windows-1252’s euro sign, which latin-1 labels name too', () => {
    expect(decodeBody(Buffer.from([0x22, 0x80, 0x22]), 'application/json; charset=windows-1252')).toEqual({
      text: '"€"',
    });
  });

  it.each([
    { type: undefined, defect: 'the body is not valid UTF-8 and declares no charset' },
    { type: 'application/json', defect: 'the body is not valid UTF-8 and declares no charset' },
    { type: 'application/json; charset=utf-8', defect: 'the body is not valid utf-8 (its charset "utf-8")' },
    {
      type: 'application/json; charset=x-klingon',
      defect: 'the body declares charset "x-klingon", which names no encoding',
    },
    {
      type: 'application/json; charset=a<b>c',
      defect: 'the body declares charset a label, which names no encoding',
    },
  ])(
    'names the defect of latin-1 bytes declared as $type, never replacing them in silence',
    ({ type, defect }) => {
      const decoded = decodeBody(latin1, type);
      expect(decoded.defect).toBe(defect);
    },
  );
});
