import { describe, expect, it } from 'vitest';
import { UTF8_BOM, csvDocument } from './csv-writer.ts';

describe('csvDocument', () => {
  it("writes BOM + CRLF, keeps 'Göktuğ', neutralises '=1+1' and quotes comma, quote and newline", () => {
    const text = csvDocument(
      ['name', 'note'],
      [
        ['Göktuğ', '=1+1'],
        ['a,b', 'say "hi"'],
        ['line\nbreak', 12.5],
        [null, '-5'],
      ],
    );
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(text.slice(1)).toBe(
      'name,note\r\n' + "Göktuğ,'=1+1\r\n" + '"a,b","say ""hi"""\r\n' + '"line\nbreak",12.5\r\n' + ",'-5\r\n",
    );
    // The UTF-8 bytes of the Turkish letters survive (ğ is 0xC4 0x9F).
    expect(Buffer.from(text, 'utf8').includes(Buffer.from([0xc4, 0x9f]))).toBe(true);
  });
});
