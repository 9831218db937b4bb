// Worker threads on Node 20 do not inherit tsx's loader for a .ts entry: register it, then load the entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
