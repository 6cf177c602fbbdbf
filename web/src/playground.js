// The playground page: the editor, the examples, and what the worker
// reports while it builds and runs the program.

const EXAMPLES = ['vector_add.cpp', 'saxpy_usm.cpp', 'local_memory_reverse.cpp', 'reduction_sum.cpp'];

const $ = (id) => document.getElementById(id);
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });

function append(text, cls) {
  const span = document.createElement('span');
  span.textContent = text;
  if (cls) span.className = cls;
  $('output').append(span);
}

worker.onmessage = ({ data }) => {
  switch (data.type) {
    case 'status': $('status').textContent = data.text; break;
    case 'build-log': if (data.text) append(data.text, 'stderr'); break;
    case 'stdout': append(data.text); break;
    case 'stderr': append(data.text, 'stderr'); break;
    case 'wgsl':
      $('wgsl').textContent = data.kernels.map((k) => `// ${k.entryPoint}\n${k.wgsl ?? k.error}`).join('\n');
      break;
    case 'kernel': {
      const { name, range, local, device } = data.launch;
      const li = document.createElement('li');
      li.textContent = `${name}: ${local ? `nd_range ${range} / ${local}` : `range ${range}`} on ${device === 0 ? 'WebGPU' : 'the host device'}`;
      $('kernels').append(li);
      break;
    }
    case 'done': {
      const secs = (ms) => (ms / 1000).toFixed(1);
      $('status').textContent = data.exitCode === null
        ? `build failed (${secs(data.buildMs)} s)`
        : `exit status ${data.exitCode} (built in ${secs(data.buildMs)} s${data.precompiled ? ' with the precompiled sycl.hpp' : ''}, ran in ${secs(data.runMs)} s)`;
      $('status').dataset.exitCode = data.exitCode ?? 'build-failed';
      $('run').disabled = false;
      break;
    }
    case 'error':
      append(data.message, 'stderr');
      $('status').textContent = 'internal error';
      $('status').dataset.exitCode = 'internal-error';
      $('run').disabled = false;
      break;
  }
};

function run() {
  $('output').textContent = '';
  $('kernels').textContent = '';
  $('wgsl').textContent = '';
  delete $('status').dataset.exitCode;
  $('run').disabled = true;
  const name = $('example').value || 'main.cpp';
  worker.postMessage({ source: $('source').value, fileName: name, flags: $('flags').value });
}

async function loadExample(name) {
  const response = await fetch(new URL(`../examples/${name}`, import.meta.url));
  $('source').value = await response.text();
  $('source').dataset.example = name;
}

for (const name of EXAMPLES) $('example').append(new Option(name, name));
$('example').onchange = () => loadExample($('example').value);
$('run').onclick = run;
const wanted = new URLSearchParams(location.search).get('example');
if (wanted && EXAMPLES.includes(wanted)) $('example').value = wanted;
loadExample($('example').value).then(() => {
  $('run').disabled = false;
  $('status').textContent = 'ready';
});
