/**
 * The attack classes of Python's defusedxml (billion laughs, quadratic blowup, external entity,
 * DTD retrieval, decompression bomb), an .xlsx zip bomb and values too long to hold, each sent
 * through the worker as the validation job sends a file. Each must be refused with its Swedish
 * reason: a DEADLINE or MEMORY end instead would mean it ran into the worker's limits (a heap of
 * 256 MB, 60 s) rather than being refused before them. The decompression bombs are also run three
 * at once in a pool set as the server's defaults, where the process must grow by less than the
 * pool's memory limit.
 */
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { handMadeXlsx } from '../../../test-support/workbooks';
import { ExcelWorkerError } from './fileErrors';
import { WorkerPool } from './worker/pool';
import { excelWorkerEntry, runPriceListValidation } from './workerCalls';

const limits = { heapMb: 256, deadlineMs: 60_000 };

async function refusal(content: Buffer, fileName: string, workers: WorkerPool | typeof limits = limits) {
  const error = await runPriceListValidation(
    { content, fileName, articleNumbers: ['HMD-0001'], existingRows: [] },
    workers,
  ).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ExcelWorkerError)) throw new Error(`not refused: ${String(error)}`);
  return { reason: error.reason, problem: error.problem, message: error.message };
}

const CATALOGUE =
  '<Catalogue xmlns="urn:oasis:names:specification:ubl:schema:xsd:Catalogue-2"' +
  ' xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"' +
  ' xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">\n' +
  '<cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:catalogue_only:3</cbc:ProfileID>\n';

/** A catalogue of one line whose name is `name` (as written, markup and all), after `prolog` and `before` it. */
const catalogue = (name: string, prolog = '<?xml version="1.0" encoding="UTF-8"?>\n', before = '') =>
  Buffer.from(
    `${prolog}${CATALOGUE}${before}<cac:CatalogueLine><cbc:ID>1</cbc:ID><cac:Item><cbc:Name>${name}</cbc:Name>` +
      '<cac:SellersItemIdentification><cbc:ID>HMD-0001</cbc:ID></cac:SellersItemIdentification></cac:Item></cac:CatalogueLine>\n</Catalogue>\n',
  );

/** `count` bytes of `byte` gzip-compressed between `before` and `after`, never held unpacked. */
async function gzipBomb(before: string, byte: number, count: number, after = ''): Promise<Buffer> {
  const gzip = createGzip({ level: 1 });
  const pieces: Buffer[] = [];
  gzip.on('data', (piece: Buffer) => pieces.push(piece));
  const ended = once(gzip, 'end');
  gzip.write(before);
  const block = Buffer.alloc(2 ** 20, byte);
  for (let left = count; left > 0; left -= block.length)
    if (!gzip.write(left >= block.length ? block : block.subarray(0, left))) await once(gzip, 'drain');
  gzip.end(after);
  await ended;
  return Buffer.concat(pieces);
}

const laughs = (root: string) =>
  '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
  `<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>${root}`;

const DOCTYPE_REFUSED = 'Filen innehåller en DOCTYPE-deklaration och läses inte av säkerhetsskäl.';
const TOO_LONG = (line: number) =>
  `Filen kan inte läsas: katalogen har en text eller ett attributvärde som är längre än 16 MB (XML-rad ${line}).`;
const RATIO = 'Filen är misstänkt hårt komprimerad (mer än 100:1) och läses inte.';
const seventeenMb = 17 * 2 ** 20;

interface Attack {
  name: string;
  fileName: string;
  content: () => Buffer | Promise<Buffer>;
  problem: string;
  message: string;
}

const attacks: Attack[] = [
  {
    name: 'billion laughs in a catalogue',
    fileName: 'katalog.xml',
    content: () => catalogue('&lol3;', laughs('')),
    problem: 'DOCTYPE',
    message: DOCTYPE_REFUSED,
  },
  {
    name: 'billion laughs in an .xlsx shared-strings part',
    fileName: 'prislista.xlsx',
    content: () =>
      handMadeXlsx({
        sheet: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
        sharedStrings: laughs('<sst><si><t>&lol3;</t></si></sst>'),
      }),
    problem: 'DOCTYPE',
    message: DOCTYPE_REFUSED,
  },
  {
    name: 'quadratic blowup: one large entity referenced many times',
    fileName: 'katalog.xml',
    content: () =>
      catalogue(
        '&a;'.repeat(50_000),
        `<?xml version="1.0"?><!DOCTYPE Catalogue [<!ENTITY a "${'x'.repeat(100_000)}">]>`,
      ),
    problem: 'DOCTYPE',
    message: DOCTYPE_REFUSED,
  },
  {
    name: 'quadratic blowup without a DOCTYPE: references to an entity never declared',
    fileName: 'katalog.xml',
    content: () => catalogue('&a;'.repeat(50_000)),
    problem: 'DOCTYPE',
    message:
      'Filen innehåller entitetsreferensen &a; och läses inte av säkerhetsskäl: bara &amp;, &lt;, &gt;, &quot;, &apos; och teckenreferenser är tillåtna.',
  },
  {
    name: 'external entity (a local file)',
    fileName: 'katalog.xml',
    content: () =>
      catalogue(
        '&ee;',
        '<?xml version="1.0"?><!DOCTYPE Catalogue [<!ENTITY ee SYSTEM "file:///etc/passwd">]>',
      ),
    problem: 'DOCTYPE',
    message: DOCTYPE_REFUSED,
  },
  {
    name: 'DTD retrieval (an external DTD by URL)',
    fileName: 'katalog.xml',
    content: () =>
      catalogue('x', '<?xml version="1.0"?><!DOCTYPE Catalogue SYSTEM "http://127.0.0.1:9/dtd">'),
    problem: 'DOCTYPE',
    message: DOCTYPE_REFUSED,
  },
  {
    name: 'XInclude (the one reference left without a DOCTYPE)',
    fileName: 'katalog.xml',
    content: () =>
      catalogue(
        '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/>',
      ),
    problem: 'DOCTYPE',
    message: 'Filen innehåller en extern referens (XInclude) och läses inte av säkerhetsskäl.',
  },
  {
    name: 'decompression bomb: a 1 GB catalogue in gzip',
    fileName: 'katalog.xml.gz',
    content: () => gzipBomb(`<?xml version="1.0"?>\n${CATALOGUE}`, 0x20, 2 ** 30, '</Catalogue>'),
    // Packed at a low level, about 250:1, it reaches the limit of 256 MB first.
    problem: 'TOO_LARGE',
    message: 'Katalogen är för stor uppackad. Den får vara högst 256 MB som XML.',
  },
  {
    name: 'decompression bomb: 255 MB of one byte declared windows-1252, twice as long as UTF-8',
    fileName: 'katalog.xml.gz',
    content: () =>
      gzipBomb(`<?xml version="1.0" encoding="windows-1252"?>\n${CATALOGUE}`, 0xe9, 255 * 2 ** 20),
    problem: 'COMPRESSION_RATIO',
    message: RATIO,
  },
  {
    name: 'an .xlsx zip bomb (inflation ratio over 100)',
    fileName: 'prislista.xlsx',
    content: () =>
      handMadeXlsx({ sheet: '', extra: { 'xl/worksheets/sheet1.xml': Buffer.alloc(50 * 2 ** 20) } }),
    problem: 'COMPRESSION_RATIO',
    message: RATIO,
  },
  {
    name: 'a value longer than 16 MB (a name the reader keeps)',
    fileName: 'katalog.xml',
    content: () => catalogue('x'.repeat(seventeenMb)),
    problem: 'CORRUPT',
    message: TOO_LONG(4),
  },
  {
    name: 'text longer than 16 MB in an element the reader skips',
    fileName: 'katalog.xml',
    content: () =>
      catalogue('x', undefined, `<x:Extra xmlns:x="urn:example">${'a'.repeat(seventeenMb)}</x:Extra>`),
    problem: 'CORRUPT',
    message: TOO_LONG(4),
  },
  {
    name: 'an attribute value longer than 16 MB',
    fileName: 'katalog.xml',
    content: () => catalogue(`x</cbc:Name><cbc:Description languageID="${'x'.repeat(seventeenMb)}">y`),
    problem: 'CORRUPT',
    message: TOO_LONG(4),
  },
  {
    name: 'a million kinds of element in a line (each new kind compared with those before)',
    fileName: 'katalog.xml',
    content: () =>
      catalogue(
        'x',
        undefined,
        `<cac:CatalogueLine>${Array.from({ length: 1_000_000 }, (_, i) => `<e${i}/>`).join('')}</cac:CatalogueLine>`,
      ),
    problem: 'CORRUPT',
    message: 'Filen kan inte läsas: katalogens CatalogueLine har fler än 200 olika slags element.',
  },
];

describe('hostile XML and archives in the worker', () => {
  it.each(attacks)(
    '$name: refused with its reason',
    async ({ content, fileName, problem, message }) => {
      expect(await refusal(await content(), fileName)).toEqual({ reason: 'INVALID_FILE', problem, message });
    },
    120_000,
  );

  it('three catalogue bombs at once: the process grows by less than the pool’s memory limit', async () => {
    // The server's defaults: two workers of 512 MB heap, 1,024 MB for the pool.
    const pool = new WorkerPool({
      size: 2,
      memoryMb: 1024,
      limits: { heapMb: 512, deadlineMs: 120_000 },
      queueLimit: 10,
      maxWaitMs: 120_000,
      retryAfterSeconds: 5,
      workerEntry: excelWorkerEntry,
    });
    const bomb = await gzipBomb(
      `<?xml version="1.0" encoding="windows-1252"?>\n${CATALOGUE}`,
      0xe9,
      255 * 2 ** 20,
    );
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    try {
      // Each its own copy: the bytes are moved to their worker.
      const refusals = await Promise.all(
        [1, 2, 3].map(() => refusal(Buffer.from(bomb), 'katalog.xml.gz', pool)),
      );
      for (const refused of refusals) expect(refused.message).toBe(RATIO);
    } finally {
      clearInterval(sampler);
      await pool.close();
    }
    const grownMb = Math.round((peak - before) / 2 ** 20);
    console.log(
      `three ${Math.round(bomb.length / 1024)} kB catalogue bombs at once: the process grew by ${grownMb} MB`,
    );
    expect(grownMb).toBeLessThan(1024);
  }, 240_000);
});
