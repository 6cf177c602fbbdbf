// sycl_ext_oneapi_graph: command graphs. A modifiable graph's nodes are
// command groups, recorded from queues (begin_recording .. end_recording)
// or added explicitly (add, make_edge), each kept as the handler that ran
// its command-group function, so a node's kernel object, arguments and
// accessors are those of the moment it was recorded. finalize() takes the
// nodes in an order that respects every edge; each execution of the
// executable graph runs the nodes' commands again in that order on the
// executing queue, each after its predecessors' commands of the same
// execution (buffer accesses are ordered by the runtime as for any command
// group), and after the graph's previous execution.
#pragma once

#ifndef __SYCL_DEVICE_ONLY__
#include <fstream>
#endif

namespace sycl {
namespace ext::oneapi::experimental {

#ifdef __SYCL_DEVICE_ONLY__
// The device pass sees the command-group functions a graph runs (their
// kernels), nothing else.
template <>
class command_graph<graph_state::modifiable> {
 public:
  command_graph(const context &ctx, const device &dev, const property_list &props = {});
  explicit command_graph(const queue &q, const property_list &props = {});
  node add(const property_list &props = {});
  template <typename CommandGroup>
  node add(CommandGroup cgf, const property_list &props = {}) {
    handler h;
    cgf(h);
    return node();
  }
  void make_edge(node &src, node &dest);
  command_graph<graph_state::executable> finalize(const property_list &props = {}) const;
  void begin_recording(queue &q, const property_list &props = {});
  void begin_recording(const std::vector<queue> &queues, const property_list &props = {});
  void end_recording();
  void end_recording(queue &q);
  void end_recording(const std::vector<queue> &queues);
  std::vector<node> get_nodes() const;
  std::vector<node> get_root_nodes() const;
  void print_graph(const std::string &path, bool verbose = false) const;
};
template <>
class command_graph<graph_state::executable> {
 public:
  void update(const command_graph<graph_state::modifiable> &graph);
};
#else
namespace detail {
// A node: the command group it runs again (none for an empty node), what
// that group does, the nodes it comes after, and events of commands
// outside the graph it waits for.
struct graph_node {
  std::unique_ptr<handler> group;
  node_type type = node_type::empty;
  std::vector<size_t> predecessors;
  std::vector<event> external;
  // The queue that recorded it (none for a node added explicitly).
  const sycl::detail::queue_state *recorded_by = nullptr;
};

struct graph_impl : sycl::detail::graph_recorder, std::enable_shared_from_this<graph_impl> {
  explicit graph_impl(const device &dev) : home(dev) {}

  // A queue on the graph's device, for the handlers of explicitly added nodes.
  queue home;
  std::vector<graph_node> nodes;
  std::vector<std::shared_ptr<sycl::detail::queue_state>> recording;
  // The last node each in-order queue recorded, and the last barrier each
  // queue recorded: the next node a queue records comes after them.
  std::vector<std::pair<const sycl::detail::queue_state *, size_t>> last_of_queue;
  std::vector<std::pair<const sycl::detail::queue_state *, size_t>> barrier_of_queue;

  event record(const std::shared_ptr<sycl::detail::queue_state> &q, std::unique_ptr<handler> group) override {
    std::vector<size_t> preds;
    if (q->in_order) {
      for (const auto &[state, last] : last_of_queue)
        if (state == q.get()) preds.push_back(last);
    }
    for (const auto &[state, barrier] : barrier_of_queue)
      if (state == q.get()) preds.push_back(barrier);
    size_t index = add_group(std::move(group), preds);
    nodes[index].recorded_by = q.get();
    if (q->in_order) {
      bool known = false;
      for (auto &[state, last] : last_of_queue)
        if (state == q.get()) {
          last = index;
          known = true;
        }
      if (!known) last_of_queue.emplace_back(q.get(), index);
    }
    return event(node(shared_from_this(), index));
  }

  void order_after(const sycl::detail::queue_state *q, const event &barrier) override {
    const node *n = barrier.recorded_node();
    if (!n) return;
    barrier_of_queue.erase(std::remove_if(barrier_of_queue.begin(), barrier_of_queue.end(),
                                          [&](const auto &b) { return b.first == q; }),
                           barrier_of_queue.end());
    barrier_of_queue.emplace_back(q, n->index());
  }

  std::vector<event> recorded_from(const sycl::detail::queue_state *q) const override {
    std::vector<event> out;
    for (size_t i = 0; i < nodes.size(); ++i)
      if (nodes[i].recorded_by == q)
        out.emplace_back(node(std::const_pointer_cast<graph_impl>(shared_from_this()), i));
    return out;
  }

  // Adds `group` (null: an empty node) after `preds` and after the
  // recorded commands its own dependencies name: its index.
  size_t add_group(std::unique_ptr<handler> group, std::vector<size_t> preds) {
    graph_node n;
    if (group) {
      if (group->prints_streams()) {
        group->discard_streams();
        throw sycl::exception(errc::invalid, "command_graph: a command group that prints through a sycl::stream "
                                             "cannot be a node of a command graph");
      }
      for (const event &e : group->dependencies()) {
        if (const node *r = e.recorded_node()) {
          check_own(*r);
          preds.push_back(r->index());
        } else if (e.native()) {
          n.external.push_back(e);
        }
      }
    }
    std::sort(preds.begin(), preds.end());
    preds.erase(std::unique(preds.begin(), preds.end()), preds.end());
    n.type = group ? group->node_kind() : node_type::empty;
    n.group = std::move(group);
    n.predecessors = std::move(preds);
    nodes.push_back(std::move(n));
    return nodes.size() - 1;
  }

  void check_own(const node &n) const {
    if (n.graph().get() != this || n.index() >= nodes.size())
      throw sycl::exception(errc::invalid, "command_graph: the node belongs to another graph");
  }

  // The nodes no other node comes after.
  std::vector<size_t> leaves() const {
    std::vector<bool> has_successor(nodes.size(), false);
    for (const graph_node &n : nodes)
      for (size_t p : n.predecessors) has_successor[p] = true;
    std::vector<size_t> out;
    for (size_t i = 0; i < nodes.size(); ++i)
      if (!has_successor[i]) out.push_back(i);
    return out;
  }

  // The nodes in an order where each comes after its predecessors;
  // errc::invalid if the edges make a cycle.
  std::vector<size_t> execution_order() const {
    std::vector<size_t> waiting(nodes.size());
    std::vector<std::vector<size_t>> successors(nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i) {
      waiting[i] = nodes[i].predecessors.size();
      for (size_t p : nodes[i].predecessors) successors[p].push_back(i);
    }
    std::vector<size_t> order;
    for (size_t i = 0; i < nodes.size(); ++i)
      if (waiting[i] == 0) order.push_back(i);
    for (size_t k = 0; k < order.size(); ++k)
      for (size_t s : successors[order[k]])
        if (--waiting[s] == 0) order.push_back(s);
    if (order.size() != nodes.size())
      throw sycl::exception(errc::invalid, "command_graph: its edges make a cycle");
    return order;
  }

  void stop_recording(const std::shared_ptr<sycl::detail::queue_state> &q) {
    if (q->recorder.get() == this) q->recorder.reset();
    recording.erase(std::remove(recording.begin(), recording.end(), q), recording.end());
    last_of_queue.erase(std::remove_if(last_of_queue.begin(), last_of_queue.end(),
                                       [&](const auto &l) { return l.first == q.get(); }),
                        last_of_queue.end());
    barrier_of_queue.erase(std::remove_if(barrier_of_queue.begin(), barrier_of_queue.end(),
                                          [&](const auto &b) { return b.first == q.get(); }),
                           barrier_of_queue.end());
  }
};
}  // namespace detail

template <>
class command_graph<graph_state::executable> {
 public:
  // Runs the graph's nodes on queue `q` after `deps`: the event of a
  // barrier after all of them (owned by the caller).
  syclone_event run(const std::shared_ptr<sycl::detail::queue_state> &q, const std::vector<event> &deps) {
    std::vector<event> entry = deps;
    if (m_previous_run.native()) entry.push_back(m_previous_run);
    std::vector<event> done(m_predecessors.size());
    for (size_t i : m_order) {
      detail::graph_node &n = m_graph->nodes[i];
      std::vector<event> after = n.external;
      if (m_predecessors[i].empty()) after.insert(after.end(), entry.begin(), entry.end());
      for (size_t p : m_predecessors[i]) after.push_back(done[p]);
      syclone_event e = n.group ? n.group->replay(q, after) : nullptr;
      // An empty node (or a group without a command) still orders what
      // comes after it behind what it comes after.
      if (!e) e = barrier(q, after);
      done[i] = event(e, q);
    }
    if (done.empty()) done = entry;
    syclone_event last = barrier(q, done);
    syclone_event_retain(last);
    m_previous_run = event(last, q);
    return last;
  }

  // Takes the nodes and edges `graph` has now (its topology must be this
  // graph's: the same nodes, each with the same predecessors).
  void update(const command_graph<graph_state::modifiable> &graph);

 private:
  friend class command_graph<graph_state::modifiable>;
  explicit command_graph(std::shared_ptr<detail::graph_impl> graph) : m_graph(std::move(graph)) {
    m_order = m_graph->execution_order();
    for (const detail::graph_node &n : m_graph->nodes) m_predecessors.push_back(n.predecessors);
  }
  static syclone_event barrier(const std::shared_ptr<sycl::detail::queue_state> &q, const std::vector<event> &after) {
    std::vector<syclone_event> handles = sycl::detail::handles(after);
    syclone_event e = nullptr;
    sycl::detail::check(syclone_barrier(q->handle, handles.data(), handles.size(), &e));
    return e;
  }

  std::shared_ptr<detail::graph_impl> m_graph;
  std::vector<size_t> m_order;
  std::vector<std::vector<size_t>> m_predecessors;
  event m_previous_run;
};

template <>
class command_graph<graph_state::modifiable> {
 public:
  command_graph(const context &, const device &dev, const property_list & = {})
      : m_impl(std::make_shared<detail::graph_impl>(dev)) {}
  explicit command_graph(const queue &q, const property_list &props = {})
      : command_graph(q.get_context(), q.get_device(), props) {}

  // An empty node: it orders the nodes after it behind those before it.
  node add(const property_list &props = {}) { return add_node(nullptr, props); }
  template <typename CommandGroup>
  node add(CommandGroup cgf, const property_list &props = {}) {
    auto h = std::make_unique<handler>(m_impl->home.state());
    cgf(*h);
    return add_node(std::move(h), props);
  }
  void make_edge(node &src, node &dest) {
    m_impl->check_own(src);
    m_impl->check_own(dest);
    std::vector<size_t> &preds = m_impl->nodes[dest.index()].predecessors;
    if (std::find(preds.begin(), preds.end(), src.index()) != preds.end()) return;
    preds.push_back(src.index());
    try {
      m_impl->execution_order();
    } catch (...) {
      preds.pop_back();
      throw;
    }
  }
  command_graph<graph_state::executable> finalize(const property_list & = {}) const {
    return command_graph<graph_state::executable>(m_impl);
  }

  void begin_recording(queue &q, const property_list & = {}) {
    const auto &state = q.state();
    if (state->recorder && state->recorder != m_impl)
      throw sycl::exception(errc::invalid, "begin_recording: the queue is recording into another command graph");
    if (state->recorder) return;
    state->recorder = m_impl;
    m_impl->recording.push_back(state);
  }
  void begin_recording(const std::vector<queue> &queues, const property_list &props = {}) {
    for (queue q : queues) begin_recording(q, props);
  }
  void end_recording() {
    auto recording = m_impl->recording;
    for (const auto &state : recording) m_impl->stop_recording(state);
  }
  void end_recording(queue &q) { m_impl->stop_recording(q.state()); }
  void end_recording(const std::vector<queue> &queues) {
    for (queue q : queues) end_recording(q);
  }

  std::vector<node> get_nodes() const {
    std::vector<node> out;
    for (size_t i = 0; i < m_impl->nodes.size(); ++i) out.emplace_back(m_impl, i);
    return out;
  }
  std::vector<node> get_root_nodes() const {
    std::vector<node> out;
    for (size_t i = 0; i < m_impl->nodes.size(); ++i)
      if (m_impl->nodes[i].predecessors.empty()) out.emplace_back(m_impl, i);
    return out;
  }

  // Writes the graph to `path` in Graphviz DOT (the only format: the path
  // must end in ".dot"): a vertex per node with its type (and, verbose,
  // its predecessors and successors counted), an edge per dependency.
  void print_graph(const std::string &path, bool verbose = false) const {
    const std::string ext = ".dot";
    if (path.size() < ext.size() || path.compare(path.size() - ext.size(), ext.size(), ext) != 0)
      throw sycl::exception(errc::invalid, "command_graph::print_graph: " + path +
                                               " does not end in .dot (the only format written)");
    std::ofstream out(path);
    if (!out) throw sycl::exception(errc::invalid, "command_graph::print_graph: cannot write " + path);
    out << "digraph command_graph {\n";
    const auto &nodes = m_impl->nodes;
    for (size_t i = 0; i < nodes.size(); ++i) {
      out << "  node" << i << " [label=\"" << i << ": " << type_name(nodes[i].type);
      if (verbose) {
        size_t successors = 0;
        for (const detail::graph_node &n : nodes)
          successors += std::count(n.predecessors.begin(), n.predecessors.end(), i);
        out << "\\npredecessors: " << nodes[i].predecessors.size() << "\\nsuccessors: " << successors;
      }
      out << "\"];\n";
    }
    for (size_t i = 0; i < nodes.size(); ++i)
      for (size_t p : nodes[i].predecessors) out << "  node" << p << " -> node" << i << ";\n";
    out << "}\n";
    if (!out) throw sycl::exception(errc::invalid, "command_graph::print_graph: writing " + path + " failed");
  }

 private:
  friend class command_graph<graph_state::executable>;
  static const char *type_name(node_type t) {
    switch (t) {
      case node_type::empty: return "empty";
      case node_type::subgraph: return "subgraph";
      case node_type::kernel: return "kernel";
      case node_type::memcpy: return "memcpy";
      case node_type::memset: return "memset";
      case node_type::memfill: return "memfill";
      case node_type::prefetch: return "prefetch";
      case node_type::memadvise: return "memadvise";
      case node_type::ext_oneapi_barrier: return "ext_oneapi_barrier";
      case node_type::host_task: return "host_task";
      case node_type::native_command: return "native_command";
    }
    return "unknown";
  }
  node add_node(std::unique_ptr<handler> group, const property_list &props) {
    std::vector<size_t> preds;
    for (const node &n : props.node_dependencies()) {
      m_impl->check_own(n);
      preds.push_back(n.index());
    }
    if (props.has_property<property::node::depends_on_all_leaves>()) {
      std::vector<size_t> leaves = m_impl->leaves();
      preds.insert(preds.end(), leaves.begin(), leaves.end());
    }
    return node(m_impl, m_impl->add_group(std::move(group), std::move(preds)));
  }

  std::shared_ptr<detail::graph_impl> m_impl;
};

inline node_type node::get_type() const {
  if (!m_graph) throw sycl::exception(errc::invalid, "node::get_type: a default-constructed node");
  return m_graph->nodes.at(m_index).type;
}
inline std::vector<node> node::get_predecessors() const {
  std::vector<node> out;
  if (m_graph)
    for (size_t p : m_graph->nodes.at(m_index).predecessors) out.emplace_back(m_graph, p);
  return out;
}
inline std::vector<node> node::get_successors() const {
  std::vector<node> out;
  if (!m_graph) return out;
  for (size_t i = 0; i < m_graph->nodes.size(); ++i) {
    const std::vector<size_t> &preds = m_graph->nodes[i].predecessors;
    if (std::find(preds.begin(), preds.end(), m_index) != preds.end()) out.emplace_back(m_graph, i);
  }
  return out;
}
inline node node::get_node_from_event(const sycl::event &recorded) {
  const node *n = recorded.recorded_node();
  if (!n)
    throw sycl::exception(errc::invalid, "node::get_node_from_event: the event's command group was not recorded "
                                         "into a command graph");
  return *n;
}

inline void command_graph<graph_state::executable>::update(const command_graph<graph_state::modifiable> &graph) {
  const auto &nodes = graph.m_impl->nodes;
  bool same = nodes.size() == m_predecessors.size();
  for (size_t i = 0; same && i < nodes.size(); ++i) same = nodes[i].predecessors == m_predecessors[i];
  if (!same)
    throw sycl::exception(errc::invalid, "command_graph::update: the graph's nodes and edges differ from this one's");
  m_graph = graph.m_impl;
  m_order = m_graph->execution_order();
}
#endif

// `command_graph g{q}` and `command_graph g{ctx, dev}` are modifiable graphs.
command_graph(const context &, const device &, const property_list & = {})
    -> command_graph<graph_state::modifiable>;
command_graph(const queue &, const property_list & = {}) -> command_graph<graph_state::modifiable>;

}  // namespace ext::oneapi::experimental
}  // namespace sycl
