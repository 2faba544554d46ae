// What the benchmark's reference servers share: a `node:cluster` primary and N workers, as `touchline
// serve --workers N` runs (one process when N is 1), a line on stdout once every worker listens (the
// benchmark waits for it), a stop as soon as a worker is lost (a benchmark missing a worker measures
// something else), and a clean SIGTERM.
import cluster from 'node:cluster';

/**
 * Runs `listen` in every worker (or in this process when `workers` is 1). `listen` starts the server and
 * returns it; `onStop` is called in the worker on SIGTERM, after the server is closed.
 */
export function runCluster({ name, workers, port, host, listen, onStop = () => undefined }) {
  const serve = () => {
    const server = listen();
    server.listen(port, host, () => {
      if (workers === 1) process.stdout.write(`${name}: ${workers} listening\n`);
    });
    process.on('SIGTERM', () => {
      server.close();
      server.closeAllConnections();
      onStop();
      process.exit(0);
    });
  };
  if (workers === 1 || !cluster.isPrimary) return serve();
  let stopping = false;
  let listening = 0;
  for (let i = 0; i < workers; i += 1) cluster.fork();
  cluster.on('listening', () => {
    listening += 1;
    if (listening === workers) process.stdout.write(`${name}: ${workers} listening\n`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    process.stderr.write(`${name}: worker ${worker.process.pid} exited (${code ?? signal})\n`);
    process.exit(1);
  });
  process.on('SIGTERM', () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
}
