import { fromPem, toPem } from './der';

describe('fromPem', () => {
  it('reads back every block of the label toPem writes, and skips other labels', () => {
    const a = Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01]);
    const b = Buffer.from('a longer body that spans more than one line of base64 text, '.repeat(3));
    const bundle = `${toPem('CERTIFICATE', a)}${toPem('PRIVATE KEY', Buffer.from([1, 2, 3]))}${toPem('CERTIFICATE', b)}`;
    expect(fromPem('CERTIFICATE', bundle)).toEqual([a, b]);
    expect(fromPem('CERTIFICATE', 'no PEM here')).toEqual([]);
  });
});
