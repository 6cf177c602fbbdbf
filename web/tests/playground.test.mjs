// The playground in headless Chromium with WebGPU (SwiftShader where there
// is no GPU): each program is built in the page (the wasm compiler and
// clang as WebAssembly), run on WebGPU, and judged by its own output.
// Needs /usr/bin/chromium (or $CHROMIUM) and `cargo xtask wasm-web`'s package.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { startServer } from '../serve.mjs';

const BUILD_AND_RUN_MS = 240_000;
let server;
let browser;
let page;

before(async () => {
  server = await startServer(0);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--enable-unsafe-webgpu',
      '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
  page = await browser.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.error(`page: ${m.text()}`); });
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => document.getElementById('status').textContent === 'ready', null, { timeout: 60_000 });
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** Builds and runs `example` in the page: its exit status, output and launches. */
async function buildAndRun(example, source) {
  await page.selectOption('#example', example);
  await page.waitForFunction((name) => document.getElementById('source').dataset.example === name, example);
  if (source) await page.fill('#source', source);
  await page.click('#run');
  await page.waitForFunction(() => document.getElementById('status').dataset.exitCode !== undefined, null,
    { timeout: BUILD_AND_RUN_MS });
  return page.evaluate(() => ({
    exitCode: document.getElementById('status').dataset.exitCode,
    status: document.getElementById('status').textContent,
    output: document.getElementById('output').textContent,
    kernels: [...document.querySelectorAll('#kernels li')].map((li) => li.textContent),
  }));
}

for (const example of ['vector_add.cpp', 'saxpy_usm.cpp', 'local_memory_reverse.cpp', 'reduction_sum.cpp']) {
  test(`${example} builds in the browser and passes on WebGPU`, { timeout: BUILD_AND_RUN_MS }, async () => {
    const r = await buildAndRun(example);
    assert.equal(r.exitCode, '0', `${r.status}\n${r.output}`);
    assert.match(r.output, /PASSED/);
    assert.ok(r.kernels.length > 0 && r.kernels.every((k) => k.endsWith('on WebGPU')), r.kernels.join('\n'));
  });
}

test('compile errors are reported as diagnostics', { timeout: BUILD_AND_RUN_MS }, async () => {
  const r = await buildAndRun('vector_add.cpp', '#include <sycl/sycl.hpp>\nint main() { undeclared_name(); }\n');
  assert.equal(r.exitCode, 'build-failed', r.output);
  assert.match(r.output, /main\.cpp|vector_add\.cpp/);
  assert.match(r.output, /undeclared_name/);
});

test('a sycl::exception ends the program with its message', { timeout: BUILD_AND_RUN_MS }, async () => {
  const source = `#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  q.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::nd_range<1>(100, 7), [=](sycl::nd_item<1>) {});
  }).wait();
}
`;
  const r = await buildAndRun('vector_add.cpp', source);
  assert.equal(r.exitCode, '134', r.output);
  assert.match(r.output, /sycl::exception/);
  assert.match(r.output, /the local range \[7\] does not divide the global range \[100\]/);
});
