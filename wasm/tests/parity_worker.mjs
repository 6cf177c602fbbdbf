// A worker thread of the native-parity test: compiles its share of the test
// programs with the wasm compiler and posts back the failures' messages.

import { parentPort, workerData } from 'node:worker_threads';
import { assertMatchesNative } from './native_parity.mjs';

const failures = [];
for (const file of workerData.files) {
  try {
    assertMatchesNative(file, workerData.nativeDir, workerData.host);
  } catch (e) {
    failures.push(e.message);
  }
}
parentPort.postMessage(failures);
