// The reference server: nginx serving, from static files, exactly the bytes Touchline answered.
import fs from 'node:fs';
import path from 'node:path';
import { freePort, run, start, stop, waitForHttp, which } from './procs.mjs';

/**
 * Files to serve: `{ name: { body: Buffer, status: 200 | 401, gzip?: Buffer } }`; URLs come back by name,
 * and so do the body files written (`bodyFiles`, and `gzipFiles` for those with a gzip form), which the
 * static node server serves too.
 */
export async function startNginx(dir, files, { workers }) {
  const nginx = which('nginx');
  if (!nginx) {
    throw new Error('nginx is not installed: the reference server needs it (apt-get install -y nginx)');
  }
  const www = path.join(dir, 'www');
  fs.mkdirSync(www, { recursive: true });
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    fs.mkdirSync(path.join(dir, sub), { recursive: true });
  }
  const port = await freePort();
  const urls = {};
  const bodyFiles = {};
  const locations = [];
  const gzipFiles = {};
  for (const [name, { body, status, gzip }] of Object.entries(files)) {
    bodyFiles[name] = path.join(www, `${name}.json`);
    fs.writeFileSync(bodyFiles[name], body);
    // Served instead of the body to a request accepting gzip (gzip_static), as it is.
    if (gzip) fs.writeFileSync((gzipFiles[name] = `${bodyFiles[name]}.gz`), gzip);
    if (status === 200) {
      urls[name] = `http://127.0.0.1:${port}/${name}.json`;
    } else {
      // error_page without "=" keeps the status: the answer is `status` with the file as its body.
      locations.push(
        `    location = /${name} { error_page ${status} /${name}.json; return ${status}; }`,
        `    location = /${name}.json { internal; }`,
      );
      urls[name] = `http://127.0.0.1:${port}/${name}`;
    }
  }
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    [
      // Running as root, nginx's workers would switch to "nobody", which cannot read the temp folder.
      process.getuid?.() === 0 ? 'user root;' : '',
      `worker_processes ${workers};`,
      'daemon off;',
      'master_process on;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      '  server_tokens off;',
      '  sendfile on;',
      '  tcp_nopush on;',
      '  keepalive_timeout 75s;',
      // Touchline never closes a keep-alive connection after N requests; neither does the reference.
      '  keepalive_requests 100000000;',
      '  types { application/json json; }',
      '  default_type application/json;',
      '  charset utf-8;',
      '  charset_types application/json;',
      '  gzip_static on;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t}_temp_path ${path.join(dir, t)};`,
      ),
      '  server {',
      `    listen 127.0.0.1:${port};`,
      `    root ${www};`,
      ...locations,
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  const errorLog = path.join(dir, 'error.log');
  const test = await run(nginx, ['-t', '-q', '-p', dir, '-c', conf, '-e', errorLog], {
    name: 'nginx -t',
    timeoutMs: 15_000,
  });
  if (test.code !== 0) throw new Error(`nginx rejected its configuration:\n${test.stderr}`);
  const child = start(nginx, ['-p', dir, '-c', conf, '-e', errorLog], { name: 'nginx' });
  const first = Object.entries(files).find(([, f]) => f.status === 200);
  if (first) await waitForHttp(urls[first[0]], { child, timeoutMs: 15_000 });
  const version = (await run(nginx, ['-v'], { timeoutMs: 5000 })).stderr.trim();
  return { child, urls, bodyFiles, gzipFiles, port, version, stop: () => stop(child, 5000) };
}
