// sycl_ext_oneapi_graph: command graphs recorded from an in-order queue
// (copies, fills, kernels with local memory, a reduction, a host task) and
// replayed with new host data; graphs built explicitly (edges, depends_on,
// depends_on_all_leaves, empty nodes) run through a handler and a queue;
// recorded events and barriers ordering an out-of-order recording; buffers in
// a graph; and the errors: a cycle, waiting on a recorded event, a stream.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <numeric>

namespace exp_graph = sycl::ext::oneapi::experimental;

static bool check(bool cond, const char *what) {
  if (!cond) std::cout << "FAILED: " << what << "\n";
  return cond;
}

int main() {
  bool ok = true;
  constexpr int N = 1024;

  // Record and replay on an in-order queue.
  {
    sycl::queue q{sycl::property::queue::in_order()};
    float *a = sycl::malloc_device<float>(N, q);
    float *b = sycl::malloc_shared<float>(N, q);
    float *sum = sycl::malloc_shared<float>(1, q);
    int *total = sycl::malloc_shared<int>(1, q);
    std::vector<float> host(N);
    float sum_h = -1;
    int host_task_runs = 0;

    exp_graph::command_graph g{q.get_context(), q.get_device()};
    g.begin_recording(q);
    ok &= check(q.ext_oneapi_get_state() == exp_graph::queue_state::recording, "recording state");
    q.memcpy(a, host.data(), N * sizeof(float));
    q.memset(sum, 0, sizeof(float));
    q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { b[i] = a[i] * 2.0f; });
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<float, 1> tile(sycl::range<1>(64), h);
      h.parallel_for(sycl::nd_range<1>(N, 64), [=](sycl::nd_item<1> it) {
        tile[it.get_local_id(0)] = b[it.get_global_id(0)];
        sycl::group_barrier(it.get_group());
        if (it.get_local_id(0) == 0) {
          float s = 0;
          for (int k = 0; k < 64; k++) s += tile[k];
          sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::device> r(*sum);
          r += s;
        }
      });
    });
    q.submit([&](sycl::handler &h) {
      h.parallel_for(sycl::range<1>(N), sycl::reduction(total, sycl::plus<int>(),
                                                        sycl::property::reduction::initialize_to_identity()),
                     [=](sycl::id<1> i, auto &t) { t += int(a[i]); });
    });
    q.memcpy(&sum_h, sum, sizeof(float));
    q.submit([&](sycl::handler &h) { h.host_task([&] { ++host_task_runs; }); });
    g.end_recording();
    ok &= check(q.ext_oneapi_get_state() == exp_graph::queue_state::executing, "executing state");
    ok &= check(sum_h == -1 && host_task_runs == 0, "nothing runs while recording");

    // What each recorded node does, and the graph as Graphviz DOT.
    std::vector<exp_graph::node_type> types;
    for (const exp_graph::node &n : g.get_nodes()) types.push_back(n.get_type());
    using nt = exp_graph::node_type;
    std::vector<nt> want_types{nt::memcpy, nt::memset, nt::kernel, nt::kernel, nt::kernel, nt::memcpy, nt::host_task};
    ok &= check(types == want_types, "node types of the recording");
    const char *dot = "command_graphs_test.dot";
    g.print_graph(dot, true);
    std::ifstream written(dot);
    std::string text((std::istreambuf_iterator<char>(written)), std::istreambuf_iterator<char>());
    ok &= check(text.rfind("digraph", 0) == 0 && text.find("node0 -> node1;") != std::string::npos &&
                    text.find("6: host_task") != std::string::npos,
                "print_graph writes DOT");
    std::remove(dot);
    bool bad_path = false;
    try {
      g.print_graph("graph.txt");
    } catch (const sycl::exception &e) {
      bad_path = e.code() == sycl::errc::invalid;
    }
    ok &= check(bad_path, "print_graph writes .dot only");

    auto exec = g.finalize();
    for (int rep = 0; rep < 3; rep++) {
      std::iota(host.begin(), host.end(), float(rep));  // read when the graph runs
      q.ext_oneapi_graph(exec).wait();
      float want = 0;
      int want_total = 0;
      for (int i = 0; i < N; i++) {
        want += 2.0f * host[i];
        want_total += int(host[i]);
      }
      ok &= check(sum_h == want, "replayed sum");
      ok &= check(*total == want_total, "replayed reduction");
      ok &= check(host_task_runs == rep + 1, "host task per run");
    }
    // Two runs back to back: the second comes after the first.
    q.ext_oneapi_graph(exec);
    q.ext_oneapi_graph(exec);
    q.wait();
    ok &= check(host_task_runs == 5, "runs in order");
    sycl::free(a, q);
    sycl::free(b, q);
    sycl::free(sum, q);
    sycl::free(total, q);
  }

  // An explicit graph on an out-of-order queue.
  {
    sycl::queue q;
    int *c = sycl::malloc_shared<int>(5, q);
    exp_graph::command_graph g{q};
    auto n1 = g.add([&](sycl::handler &h) { h.single_task([=] { c[0] = 5; }); });
    auto n2 = g.add([&](sycl::handler &h) { h.single_task([=] { c[1] = c[0] + 1; }); },
                    {exp_graph::property::node::depends_on(n1)});
    auto n3 = g.add([&](sycl::handler &h) { h.single_task([=] { c[2] = c[1] * 10; }); });
    g.make_edge(n2, n3);
    auto join = g.add({exp_graph::property::node::depends_on_all_leaves()});
    auto n5 = g.add([&](sycl::handler &h) { h.single_task([=] { c[3] = c[2] + c[0]; }); },
                    {exp_graph::property::node::depends_on(join)});
    bool cycle = false;
    try {
      g.make_edge(n5, n1);
    } catch (const sycl::exception &e) {
      cycle = e.code() == sycl::errc::invalid;
    }
    ok &= check(cycle, "a cycle is errc::invalid");
    ok &= check(g.get_nodes().size() == 5 && g.get_root_nodes().size() == 1, "nodes and roots");
    ok &= check(n3.get_predecessors().size() == 1 && n3.get_predecessors()[0] == n2, "predecessors");
    ok &= check(n1.get_successors().size() == 1 && n1.get_successors()[0] == n2, "successors");
    ok &= check(join.get_predecessors().size() == 1 && join.get_successors()[0] == n5, "empty node edges");
    ok &= check(join.get_type() == exp_graph::node_type::empty && n5.get_type() == exp_graph::node_type::kernel,
                "explicit node types");
    auto exec = g.finalize();
    q.submit([&](sycl::handler &h) { h.ext_oneapi_graph(exec); }).wait();
    ok &= check(c[0] == 5 && c[1] == 6 && c[2] == 60 && c[3] == 65, "explicit graph");

    // Recorded events order an out-of-order recording; a recorded event
    // cannot be waited on.
    exp_graph::command_graph r{q};
    r.begin_recording(q);
    auto e1 = q.single_task([=] { c[4] = 1; });
    auto e2 = q.single_task(e1, [=] { c[4] *= 7; });
    ok &= check(exp_graph::node::get_node_from_event(e2).get_predecessors()[0] ==
                    exp_graph::node::get_node_from_event(e1),
                "nodes from recorded events");
    q.single_task(e2, [=] { c[4] += 2; });
    bool wait_refused = false;
    try {
      e1.wait();
    } catch (const sycl::exception &e) {
      wait_refused = e.code() == sycl::errc::invalid;
    }
    r.end_recording();
    ok &= check(wait_refused, "waiting on a recorded event is errc::invalid");
    auto rexec = r.finalize();
    q.ext_oneapi_graph(rexec).wait();
    ok &= check(c[4] == 9, "recorded event dependencies");

    // A recorded barrier orders what the queue recorded before it before
    // what it records after it.
    exp_graph::command_graph b{q};
    b.begin_recording(q);
    q.single_task([=] { c[0] = 2; });
    q.single_task([=] { c[1] = 3; });
    q.ext_oneapi_submit_barrier();
    q.single_task([=] { c[2] = c[0] * c[1]; });
    b.end_recording();
    ok &= check(b.get_nodes().size() == 4 && b.get_root_nodes().size() == 2, "barrier node");
    auto bexec = b.finalize();
    q.ext_oneapi_graph(bexec).wait();
    ok &= check(c[2] == 6, "recorded barrier");
    sycl::free(c, q);
  }

  // Buffers: the runtime orders the nodes' accesses as for any command group.
  {
    sycl::queue q{sycl::property::queue::in_order()};
    std::vector<int> data(N, 1);
    {
      sycl::buffer<int> buf(data.data(), sycl::range<1>(N));
      exp_graph::command_graph g{q};
      g.begin_recording(q);
      q.submit([&](sycl::handler &h) {
        sycl::accessor acc(buf, h, sycl::read_write);
        h.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { acc[i] = acc[i] * 3 + int(i[0]); });
      });
      g.end_recording();
      auto exec = g.finalize();
      q.ext_oneapi_graph(exec);
      q.ext_oneapi_graph(exec).wait();
    }
    bool right = true;
    for (int i = 0; i < N; i++) right &= data[i] == (3 + i) * 3 + i;
    ok &= check(right, "buffer graph run twice");

    // A command group with a stream cannot be a node.
    exp_graph::command_graph g{q};
    bool refused = false;
    try {
      g.add([&](sycl::handler &h) {
        sycl::stream out(1024, 128, h);
        h.single_task([=] { out << "x"; });
      });
    } catch (const sycl::exception &e) {
      refused = e.code() == sycl::errc::invalid;
    }
    ok &= check(refused, "a stream in a graph is errc::invalid");
  }

  std::cout << (ok ? "PASSED" : "FAILED") << std::endl;
  return ok ? 0 : 1;
}
