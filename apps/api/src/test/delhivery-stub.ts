/**
 * A local HTTP stand-in for Delhivery's B2C API, in its published shapes (decision 039): booking
 * (`create.json`), look-up and tracking (`packages/json`), packing slips and pickups. It checks
 * the Token header, keeps what it was asked, and can be told to time out, fail, answer nonsense,
 * rate-limit, or book a parcel and lose the answer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INDIA_OFFSET_MS } from '@makhana/domain/india-time';
import PDFDocument from 'pdfkit';

/** One scan as Delhivery's tracking answer carries it in `ScanDetail`. */
export interface StubScan {
  Scan: string;
  ScanType: string;
  /** India's wall clock without a zone, as Delhivery writes it: "2026-11-29T10:15:00.000" */
  ScanDateTime: string;
  ScannedLocation: string;
  Instructions: string;
  StatusCode: string;
}

export type StubFailure = 'timeout' | 'server-error' | 'malformed' | 'rate-limit';

export interface DelhiveryStub {
  /** http://127.0.0.1:<port> */
  url: string;
  /** the token it accepts: `Authorization: Token stub-delhivery-token` */
  token: string;
  /** every request, in order, whatever it was answered */
  requests: { method: string; path: string; query: URLSearchParams; body: string }[];
  /** the parcels booked, by the shop's reference (Delhivery's `order`) */
  bookings: Map<string, { waybill: string; shipment: Record<string, unknown> }>;
  /** the bodies of the pickup requests made */
  pickups: Record<string, unknown>[];
  /** pincodes a booking is refused for, with "Non serviceable pincode" */
  refusePincodes: Set<string>;
  /** what tracking reports, by waybill; a booked parcel starts with one Manifested scan */
  scans: Map<string, StubScan[]>;
  /** Adds a scan; the fields left out are empty, and the time is now. */
  addScan(waybill: string, scan: Pick<StubScan, 'Scan' | 'ScanType'> & Partial<StubScan>): void;
  /**
   * The next `times` requests (to paths starting with `path`, when given) hang unanswered, answer
   * 500, answer broken JSON, or answer 429 with Retry-After: 30.
   */
  failNext(kind: StubFailure, times?: number, path?: string): void;
  /** The next `times` bookings are made, and then their answers never come. */
  bookButLoseAnswer(times?: number): void;
  /**
   * How packing_slip answers: the PDF itself, or JSON with a pre-signed link per parcel (which
   * refuses a request that also carries the Token). Delhivery's documentation allows both.
   */
  packingSlipAnswer: 'pdf' | 'links';
  /** the PDF packing_slip answers, and each link serves: one page */
  packingSlipPdf: Buffer;
  close(): Promise<void>;
}

const TOKEN = 'stub-delhivery-token';
const PACKAGES = '/api/v1/packages/json';
const STORAGE = '/stub-storage/packing-slips/';

let pdf: Promise<Buffer> | undefined;

/** A one-page PDF, drawn once per process. */
function packingSlipPdf(): Promise<Buffer> {
  pdf ??= new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A6', margin: 24 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(14).text('Delhivery stub packing slip');
    doc.end();
  });
  return pdf;
}

/** Now, as Delhivery writes a scan's time. */
const indiaNow = () => new Date(Date.now() + INDIA_OFFSET_MS).toISOString().slice(0, 23);

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
  });

const send = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

function parseObject(raw: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const list = (value: string | null) => (value ?? '').split(',').filter((item) => item !== '');

export async function startDelhiveryStub(): Promise<DelhiveryStub> {
  const slipPdf = await packingSlipPdf();
  const hanging = new Set<ServerResponse>();
  const failures: { kind: StubFailure; times: number; path: string | undefined }[] = [];
  let losingAnswers = 0;
  let waybills = 0;
  let pickupIds = 0;

  const stub: DelhiveryStub = {
    url: '',
    token: TOKEN,
    requests: [],
    bookings: new Map(),
    pickups: [],
    refusePincodes: new Set(),
    scans: new Map(),
    addScan(waybill, scan) {
      const scans = stub.scans.get(waybill) ?? [];
      scans.push({
        ScanDateTime: indiaNow(),
        ScannedLocation: '',
        Instructions: '',
        StatusCode: '',
        ...scan,
      });
      stub.scans.set(waybill, scans);
    },
    failNext(kind, times = 1, path) {
      failures.push({ kind, times, path });
    },
    bookButLoseAnswer(times = 1) {
      losingAnswers += times;
    },
    packingSlipAnswer: 'pdf',
    packingSlipPdf: slipPdf,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const hang = (res: ServerResponse) => {
    hanging.add(res);
    res.on('close', () => hanging.delete(res));
  };

  function fail(res: ServerResponse, kind: StubFailure) {
    if (kind === 'timeout') hang(res);
    else if (kind === 'server-error') send(res, 500, { error: 'Internal Server Error' });
    else if (kind === 'rate-limit') {
      res
        .writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' })
        .end(JSON.stringify({ detail: 'Request was throttled.' }));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ShipmentData": [');
    }
  }

  /** Delhivery's answer to one create.json parcel that it refuses. */
  const refuse = (res: ServerResponse, order: unknown, remark: string) =>
    send(res, 200, {
      success: false,
      rmk: remark,
      package_count: 1,
      packages: [{ status: 'Fail', waybill: '', refnum: order, remarks: [remark] }],
    });

  function create(res: ServerResponse, contentType: string | undefined, raw: string) {
    // Delhivery reads a form: a JSON body is not seen at all.
    const form = contentType?.startsWith('application/x-www-form-urlencoded')
      ? new URLSearchParams(raw)
      : new URLSearchParams();
    if (form.get('format') !== 'json' || !form.get('data')) {
      send(res, 200, { success: false, rmk: 'format key missing in POST' });
      return;
    }
    let data: { shipments?: Record<string, unknown>[]; pickup_location?: { name?: unknown } };
    try {
      data = JSON.parse(form.get('data')!);
    } catch {
      send(res, 200, { success: false, rmk: 'Invalid JSON in data' });
      return;
    }
    const shipment = data.shipments?.[0];
    if (!shipment || typeof data.pickup_location?.name !== 'string') {
      send(res, 200, { success: false, rmk: 'shipments and pickup_location are required' });
      return;
    }
    const order = String(shipment.order ?? '');
    const missing = ['name', 'add', 'pin', 'phone', 'order', 'payment_mode'].filter(
      (field) => shipment[field] === undefined || shipment[field] === '',
    );
    if (missing.length > 0) {
      refuse(res, order, `Missing mandatory fields: ${missing.join(', ')}`);
      return;
    }
    if (stub.refusePincodes.has(String(shipment.pin))) {
      refuse(res, order, 'Non serviceable pincode');
      return;
    }
    if (stub.bookings.has(order)) {
      refuse(res, order, 'Duplicate order id');
      return;
    }
    waybills += 1;
    const waybill = String(4_100_000_000_000 + waybills);
    stub.bookings.set(order, { waybill, shipment });
    stub.addScan(waybill, {
      Scan: 'Manifested',
      ScanType: 'UD',
      ScannedLocation: 'Darbhanga_DC (Bihar)',
      Instructions: 'Shipment details manifested',
      StatusCode: 'X-UCI',
    });
    if (losingAnswers > 0) {
      losingAnswers -= 1;
      hang(res);
      return;
    }
    send(res, 200, {
      success: true,
      package_count: 1,
      upload_wbn: `UPL${waybill}`,
      packages: [{ status: 'Success', waybill, refnum: order, remarks: [''], serviceable: true }],
    });
  }

  function packages(res: ServerResponse, query: URLSearchParams) {
    const refs = list(query.get('ref_ids'));
    const asked = query.has('ref_ids')
      ? refs.flatMap((ref) => {
          const booking = stub.bookings.get(ref);
          return booking ? [booking.waybill] : [];
        })
      : list(query.get('waybill'));
    const data = asked.flatMap((waybill) => {
      const scans = stub.scans.get(waybill);
      if (!scans) return [];
      const reference =
        [...stub.bookings].find(([, booking]) => booking.waybill === waybill)?.[0] ?? '';
      const last = scans.at(-1);
      return [
        {
          Shipment: {
            AWB: waybill,
            ReferenceNo: reference,
            OrderType: 'Pre-paid',
            Status: last
              ? {
                  Status: last.Scan,
                  StatusType: last.ScanType,
                  StatusDateTime: last.ScanDateTime,
                  StatusLocation: last.ScannedLocation,
                  StatusCode: last.StatusCode,
                  Instructions: last.Instructions,
                }
              : null,
            Scans: scans.map((scan) => ({
              ScanDetail: { ...scan, StatusDateTime: scan.ScanDateTime },
            })),
          },
        },
      ];
    });
    if (data.length === 0) {
      send(res, 200, { Error: 'No such waybill or Order Id found' });
      return;
    }
    send(res, 200, { ShipmentData: data });
  }

  function packingSlip(res: ServerResponse, query: URLSearchParams) {
    const known = new Set([...stub.bookings.values()].map((booking) => booking.waybill));
    const wbns = list(query.get('wbns')).filter((wbn) => known.has(wbn) || stub.scans.has(wbn));
    if (wbns.length === 0) {
      send(res, 200, { packages: [], packages_found: 0 });
      return;
    }
    if (stub.packingSlipAnswer === 'links') {
      send(res, 200, {
        packages_found: wbns.length,
        packages: wbns.map((wbn) => ({
          wbn,
          pdf_download_link: `${stub.url}${STORAGE}${wbn}.pdf?X-Amz-Signature=stub`,
        })),
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'application/pdf' }).end(stub.packingSlipPdf);
  }

  function pickup(res: ServerResponse, contentType: string | undefined, raw: string) {
    const body = contentType?.startsWith('application/json') ? parseObject(raw) : null;
    const fields = ['pickup_time', 'pickup_date', 'pickup_location', 'expected_package_count'];
    if (!body || fields.some((field) => body[field] === undefined)) {
      send(res, 400, {
        success: false,
        pr_exist: false,
        error: { message: `${fields.join(', ')} are required`, code: 'INVALID_INPUT' },
      });
      return;
    }
    stub.pickups.push(body);
    pickupIds += 1;
    send(res, 200, {
      pickup_id: 10_000 + pickupIds,
      pickup_date: body.pickup_date,
      pickup_time: body.pickup_time,
      pickup_location_name: body.pickup_location,
      expected_package_count: body.expected_package_count,
      incoming_center_name: 'Darbhanga_DC (Bihar)',
      client_name: 'MAKHANA SURFACE',
    });
  }

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://stub');
    const method = req.method ?? '';
    stub.requests.push({ method, path: url.pathname, query: url.searchParams, body: raw });

    const failure = failures.find(
      (rule) => rule.times > 0 && (!rule.path || url.pathname.startsWith(rule.path)),
    );
    if (failure) {
      failure.times -= 1;
      fail(res, failure.kind);
      return;
    }

    if (method === 'GET' && url.pathname.startsWith(STORAGE)) {
      // A pre-signed storage link refuses a second credential, as S3 does.
      if (req.headers.authorization) {
        res
          .writeHead(400, { 'content-type': 'application/xml' })
          .end('<Error>InvalidArgument</Error>');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/pdf' }).end(stub.packingSlipPdf);
      return;
    }
    if (req.headers.authorization !== `Token ${TOKEN}`) {
      send(res, 401, { detail: 'Authentication credentials were not provided.' });
      return;
    }
    const path = url.pathname.replace(/\/+$/, '');
    const contentType = req.headers['content-type'];
    if (method === 'POST' && path === '/api/cmu/create.json') create(res, contentType, raw);
    else if (method === 'GET' && path === PACKAGES) packages(res, url.searchParams);
    else if (method === 'GET' && path === '/api/p/packing_slip') packingSlip(res, url.searchParams);
    else if (method === 'POST' && path === '/fm/request/new') pickup(res, contentType, raw);
    else send(res, 404, { detail: 'Not found.' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}
