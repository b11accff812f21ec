// The yardstick of the bench's public reads: a bare `node:http` server that answers each path
// with the bytes and headers the shop sent for it, from memory, with the same number of
// processes as the shop. Started by scripts/bench-reads.mjs with the answers' file and a port.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { serveInProcesses } from './lib.mjs';

const [answersFile, port, processes] = process.argv.slice(2);

await serveInProcesses(Number(processes), () => {
  const answers = new Map(
    Object.entries(JSON.parse(readFileSync(answersFile, 'utf8'))).map(([path, answer]) => [
      path,
      { ...answer, body: Buffer.from(answer.body, 'base64') },
    ]),
  );
  createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    if (answer.headers.etag && request.headers['if-none-match'] === answer.headers.etag) {
      response.writeHead(304, { etag: answer.headers.etag }).end();
      return;
    }
    response.writeHead(answer.status, answer.headers).end(answer.body);
  }).listen(Number(port), '127.0.0.1');
});
