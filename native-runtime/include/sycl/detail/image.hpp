// <sycl/detail/image.hpp>: images (SYCL 2020 4.7.3 unsampled_image and
// sampled_image with their accessors, 4.7.8 image_sampler; SYCL 1.2.1's
// image, sampler and image accessors, which ported code still uses).
//
// An image's texels live in a buffer of 32-bit words, packed as on the
// host (row pitch: width × texel bytes unless given). Kernels reach them
// through an accessor of those words and convert channels, apply the
// sampler's addressing mode and filter in software, as OpenCL specifies
// sampling: the same code runs on Vulkan, WebGPU and the host device, with
// no texture units involved. Texels narrower than a word (`r8`, `rg8`,
// `r16` in SYCL 1.2.1 channel orders) are written with atomic AND/OR on
// their word, so neighbouring work-items keep each other's texels.
#pragma once

namespace sycl {

// SYCL 1.2.1 channel descriptions (4.7.3 keeps image_format only).
enum class image_channel_order {
  a, r, rx, rg, rgx, ra, rgb, rgbx, rgba, argb, bgra, intensity, luminance, abgr, ext_oneapi_srgba
};
enum class image_channel_type {
  snorm_int8, snorm_int16, unorm_int8, unorm_int16, unorm_short_565, unorm_short_555, unorm_int_101010,
  signed_int8, signed_int16, signed_int32, unsigned_int8, unsigned_int16, unsigned_int32, fp16, fp32
};
enum class image_format {
  r8g8b8a8_unorm, r16g16b16a16_unorm, r8g8b8a8_sint, r16g16b16a16_sint, r32b32g32a32_sint,
  r8g8b8a8_uint, r16g16b16a16_uint, r32b32g32a32_uint, r16b16g16a16_sfloat, r32g32b32a32_sfloat,
  b8g8r8a8_unorm
};

enum class addressing_mode { mirrored_repeat, repeat, clamp_to_edge, clamp, none };
enum class filtering_mode { nearest, linear };
enum class coordinate_normalization_mode { normalized, unnormalized };

struct image_sampler {
  addressing_mode addressing;
  coordinate_normalization_mode coordinate;
  filtering_mode filtering;
};

// SYCL 1.2.1's sampler: the same three modes, constructed in another order.
class sampler {
 public:
  sampler(coordinate_normalization_mode coordinate, addressing_mode addressing, filtering_mode filtering,
          const property_list & = {})
      : m_modes{addressing, coordinate, filtering} {}
  addressing_mode get_addressing_mode() const { return m_modes.addressing; }
  filtering_mode get_filtering_mode() const { return m_modes.filtering; }
  coordinate_normalization_mode get_coordinate_normalization_mode() const { return m_modes.coordinate; }
  image_sampler modes() const { return m_modes; }
  bool operator==(const sampler &o) const {
    return m_modes.addressing == o.m_modes.addressing && m_modes.coordinate == o.m_modes.coordinate &&
           m_modes.filtering == o.m_modes.filtering;
  }
  bool operator!=(const sampler &o) const { return !(*this == o); }

 private:
  image_sampler m_modes;
};

enum class image_target { device, host_task };

template <int Dimensions, typename AllocatorT>
class unsampled_image;
template <int Dimensions, typename AllocatorT>
class sampled_image;
template <int Dimensions, typename AllocatorT>
class image;

namespace detail {

// How an image's texels are laid out.
struct image_layout {
  image_channel_order order;
  image_channel_type type;
};

inline image_layout layout_of(image_format f) {
  using o = image_channel_order;
  using t = image_channel_type;
  switch (f) {
    case image_format::r8g8b8a8_unorm: return {o::rgba, t::unorm_int8};
    case image_format::r16g16b16a16_unorm: return {o::rgba, t::unorm_int16};
    case image_format::r8g8b8a8_sint: return {o::rgba, t::signed_int8};
    case image_format::r16g16b16a16_sint: return {o::rgba, t::signed_int16};
    case image_format::r32b32g32a32_sint: return {o::rgba, t::signed_int32};
    case image_format::r8g8b8a8_uint: return {o::rgba, t::unsigned_int8};
    case image_format::r16g16b16a16_uint: return {o::rgba, t::unsigned_int16};
    case image_format::r32b32g32a32_uint: return {o::rgba, t::unsigned_int32};
    case image_format::r16b16g16a16_sfloat: return {o::rgba, t::fp16};
    case image_format::r32g32b32a32_sfloat: return {o::rgba, t::fp32};
    case image_format::b8g8r8a8_unorm: return {o::bgra, t::unorm_int8};
  }
  return {o::rgba, t::fp32};
}

inline int image_channels(image_channel_order order) {
  switch (order) {
    case image_channel_order::a:
    case image_channel_order::r:
    case image_channel_order::rx:
    case image_channel_order::intensity:
    case image_channel_order::luminance:
      return 1;
    case image_channel_order::rg:
    case image_channel_order::rgx:
    case image_channel_order::ra:
      return 2;
    case image_channel_order::rgb:
    case image_channel_order::rgbx:
      return 3;
    default:
      return 4;
  }
}

inline int image_channel_bytes(image_channel_type type) {
  switch (type) {
    case image_channel_type::snorm_int8:
    case image_channel_type::unorm_int8:
    case image_channel_type::signed_int8:
    case image_channel_type::unsigned_int8:
      return 1;
    case image_channel_type::snorm_int16:
    case image_channel_type::unorm_int16:
    case image_channel_type::signed_int16:
    case image_channel_type::unsigned_int16:
    case image_channel_type::fp16:
      return 2;
    default:
      return 4;
  }
}

inline bool image_has_alpha(image_channel_order order) {
  switch (order) {
    case image_channel_order::a:
    case image_channel_order::ra:
    case image_channel_order::rgba:
    case image_channel_order::argb:
    case image_channel_order::bgra:
    case image_channel_order::abgr:
    case image_channel_order::intensity:
    case image_channel_order::ext_oneapi_srgba:
      return true;
    default:
      return false;
  }
}

// Which stored channel holds each of r, g, b, a (-1: none; intensity and
// luminance repeat channel 0).
inline int image_component_channel(image_channel_order order, int component) {
  switch (order) {
    case image_channel_order::a: return component == 3 ? 0 : -1;
    case image_channel_order::r:
    case image_channel_order::rx: return component == 0 ? 0 : -1;
    case image_channel_order::rg:
    case image_channel_order::rgx: return component < 2 ? component : -1;
    case image_channel_order::ra: return component == 0 ? 0 : (component == 3 ? 1 : -1);
    case image_channel_order::rgb:
    case image_channel_order::rgbx: return component < 3 ? component : -1;
    case image_channel_order::argb: return (component + 1) % 4;
    case image_channel_order::bgra: return component == 3 ? 3 : 2 - component;
    case image_channel_order::abgr: return 3 - component;
    case image_channel_order::intensity: return 0;
    case image_channel_order::luminance: return component < 3 ? 0 : -1;
    default: return component;
  }
}

inline void check_image_layout(image_layout l) {
  switch (l.type) {
    case image_channel_type::unorm_short_565:
    case image_channel_type::unorm_short_555:
    case image_channel_type::unorm_int_101010:
      throw exception(errc::feature_not_supported,
                      "packed image channel types (unorm_short_565/555, unorm_int_101010) are not supported");
    default:
      break;
  }
  if (l.order == image_channel_order::rgb || l.order == image_channel_order::rgbx)
    throw exception(errc::invalid, "image_channel_order::rgb needs a packed channel type");
}

// Element kinds of the data types images are read as.
template <typename T>
struct image_element {
  static constexpr bool is_float = std::is_floating_point_v<T> || std::is_same_v<T, half>;
};

// Integer texel coordinates: int (1-D), int2 (2-D), int4 (3-D, w ignored);
// float, float2 and float4 for sampled reads.
inline void image_coords(int c, int &x, int &y, int &z) { x = c, y = 0, z = 0; }
inline void image_coords(const int2 &c, int &x, int &y, int &z) { x = c[0], y = c[1], z = 0; }
inline void image_coords(const int4 &c, int &x, int &y, int &z) { x = c[0], y = c[1], z = c[2]; }
inline void image_coords(float c, float &x, float &y, float &z) { x = c, y = 0, z = 0; }
inline void image_coords(const float2 &c, float &x, float &y, float &z) { x = c[0], y = c[1], z = 0; }
inline void image_coords(const float4 &c, float &x, float &y, float &z) { x = c[0], y = c[1], z = c[2]; }

// The texel data of an image as a kernel or host accessor sees it: the
// words (an accessor of them), the extent and pitches, the layout.
template <typename Words, int Dimensions>
struct image_view {
  Words words;
  int width, height, depth;
  size_t row_pitch, slice_pitch;
  image_channel_order order;
  image_channel_type type;

  int extent(int d) const { return d == 0 ? width : (d == 1 ? height : depth); }

  // The raw bits of channel `c` of the texel at (x, y, z).
  uint32_t channel_bits(int x, int y, int z, int c) const {
    int bytes = image_channel_bytes(type);
    size_t texel = size_t(image_channels(order)) * bytes;
    size_t at = size_t(x) * texel + size_t(y) * row_pitch + size_t(z) * slice_pitch + size_t(c) * bytes;
    uint32_t word = words[at / 4];
    if (bytes == 4) return word;
    uint32_t shift = uint32_t(at % 4) * 8;
    return (word >> shift) & (bytes == 1 ? 0xffu : 0xffffu);
  }

  void store_channel_bits(int x, int y, int z, int c, uint32_t bits) const {
    int bytes = image_channel_bytes(type);
    size_t texel = size_t(image_channels(order)) * bytes;
    size_t at = size_t(x) * texel + size_t(y) * row_pitch + size_t(z) * slice_pitch + size_t(c) * bytes;
    if (bytes == 4) {
      words[at / 4] = bits;
      return;
    }
    // Part of a word another work-item may write: change only this channel's bits.
    uint32_t shift = uint32_t(at % 4) * 8;
    uint32_t mask = (bytes == 1 ? 0xffu : 0xffffu) << shift;
    atomic_ref<uint32_t, memory_order::relaxed, memory_scope::device> word(words[at / 4]);
    word.fetch_and(~mask);
    word.fetch_or((bits << shift) & mask);
  }

  float channel_float(uint32_t bits) const {
    switch (type) {
      case image_channel_type::unorm_int8: return float(bits) / 255.0f;
      case image_channel_type::unorm_int16: return float(bits) / 65535.0f;
      case image_channel_type::snorm_int8: return sycl::fmax(float(int8_t(bits)) / 127.0f, -1.0f);
      case image_channel_type::snorm_int16: return sycl::fmax(float(int16_t(bits)) / 32767.0f, -1.0f);
      case image_channel_type::fp16: return float(bit_cast<half>(uint16_t(bits)));
      case image_channel_type::fp32: return bit_cast<float>(bits);
      default: return float(bits);
    }
  }

  int32_t channel_int(uint32_t bits) const {
    switch (type) {
      case image_channel_type::signed_int8: return int8_t(bits);
      case image_channel_type::signed_int16: return int16_t(bits);
      default: return int32_t(bits);
    }
  }

  uint32_t float_bits(float v) const {
    switch (type) {
      case image_channel_type::unorm_int8: return uint32_t(sycl::rint(sycl::clamp(v, 0.0f, 1.0f) * 255.0f));
      case image_channel_type::unorm_int16: return uint32_t(sycl::rint(sycl::clamp(v, 0.0f, 1.0f) * 65535.0f));
      case image_channel_type::snorm_int8:
        return uint32_t(uint8_t(int8_t(sycl::rint(sycl::clamp(v, -1.0f, 1.0f) * 127.0f))));
      case image_channel_type::snorm_int16:
        return uint32_t(uint16_t(int16_t(sycl::rint(sycl::clamp(v, -1.0f, 1.0f) * 32767.0f))));
      case image_channel_type::fp16: return bit_cast<uint16_t>(half(v));
      default: return bit_cast<uint32_t>(v);
    }
  }

  // Saturated to the channel's range, as OpenCL's write_imagei/ui.
  uint32_t signed_bits(int32_t v) const {
    switch (type) {
      case image_channel_type::signed_int8: return uint8_t(int8_t(v < -128 ? -128 : (v > 127 ? 127 : v)));
      case image_channel_type::signed_int16:
        return uint16_t(int16_t(v < -32768 ? -32768 : (v > 32767 ? 32767 : v)));
      default: return uint32_t(v);
    }
  }
  uint32_t unsigned_bits(uint32_t v) const {
    switch (type) {
      case image_channel_type::unsigned_int8: return v > 255u ? 255u : v;
      case image_channel_type::unsigned_int16: return v > 65535u ? 65535u : v;
      default: return v;
    }
  }

  bool inside(int x, int y, int z) const {
    return x >= 0 && x < width && y >= 0 && y < height && z >= 0 && z < depth;
  }

  // The texel at (x, y, z) as r, g, b, a; outside the image the border
  // colour (0, 0, 0, 0), or (0, 0, 0, 1) for an order without alpha.
  template <typename DataT>
  vec<DataT, 4> texel(int x, int y, int z) const {
    using E = image_element<DataT>;
    vec<DataT, 4> out(DataT(0), DataT(0), DataT(0), DataT(image_has_alpha(order) ? 0 : 1));
    if (!inside(x, y, z)) return out;
    for (int comp = 0; comp < 4; ++comp) {
      int c = image_component_channel(order, comp);
      if (c < 0) continue;
      uint32_t bits = channel_bits(x, y, z, c);
      if constexpr (E::is_float)
        out[comp] = DataT(channel_float(bits));
      else if constexpr (std::is_signed_v<DataT>)
        out[comp] = DataT(channel_int(bits));
      else
        out[comp] = DataT(bits);
    }
    return out;
  }

  template <typename DataT>
  void write_texel(int x, int y, int z, const vec<DataT, 4> &color) const {
    using E = image_element<DataT>;
    if (!inside(x, y, z)) return;
    for (int comp = 0; comp < 4; ++comp) {
      int c = image_component_channel(order, comp);
      // Intensity and luminance store channel 0 once (from red).
      if (c < 0 || (c == 0 && comp > 0 && image_component_channel(order, 0) == 0)) continue;
      uint32_t bits;
      if constexpr (E::is_float)
        bits = float_bits(float(color[comp]));
      else if constexpr (std::is_signed_v<DataT>)
        bits = signed_bits(int32_t(color[comp]));
      else
        bits = unsigned_bits(uint32_t(color[comp]));
      store_channel_bits(x, y, z, c, bits);
    }
  }

  // Texel coordinate `i` along dimension `d` after the addressing mode
  // (-1: outside, the border colour).
  int address(int i, int d, addressing_mode mode) const {
    int n = extent(d);
    if (mode == addressing_mode::clamp) return (i < 0 || i >= n) ? -1 : i;
    return i < 0 ? 0 : (i >= n ? n - 1 : i);
  }

  // Sampling as OpenCL specifies it (clause 8.2 of the OpenCL C spec):
  // where along dimension `d` the coordinate `s` falls, as the two texel
  // indices linear filtering blends (i0, i1) with the weight of i1, or the
  // one nearest filtering takes (i0).
  void sample_axis(float s, int d, image_sampler smp, int &i0, int &i1, float &weight) const {
    float n = float(extent(d));
    bool normalized = smp.coordinate == coordinate_normalization_mode::normalized;
    bool linear = smp.filtering == filtering_mode::linear;
    if (normalized && smp.addressing == addressing_mode::repeat) {
      float u = (s - sycl::floor(s)) * n;
      if (!linear) {
        i0 = int(sycl::floor(u));
        if (i0 > extent(d) - 1) i0 = 0;
        i1 = i0;
        weight = 0;
        return;
      }
      i0 = int(sycl::floor(u - 0.5f));
      i1 = i0 + 1;
      if (i0 < 0) i0 += extent(d);
      if (i1 > extent(d) - 1) i1 -= extent(d);
      weight = (u - 0.5f) - sycl::floor(u - 0.5f);
      return;
    }
    if (normalized && smp.addressing == addressing_mode::mirrored_repeat) {
      float mirrored = sycl::fabs(s - 2.0f * sycl::rint(0.5f * s));
      float u = mirrored * n;
      if (!linear) {
        i0 = int(sycl::floor(u));
        if (i0 > extent(d) - 1) i0 = extent(d) - 1;
        i1 = i0;
        weight = 0;
        return;
      }
      i0 = int(sycl::floor(u - 0.5f));
      i1 = i0 + 1;
      if (i0 < 0) i0 = 0;
      if (i1 > extent(d) - 1) i1 = extent(d) - 1;
      weight = (u - 0.5f) - sycl::floor(u - 0.5f);
      return;
    }
    float u = normalized ? s * n : s;
    if (!linear) {
      i0 = i1 = address(int(sycl::floor(u)), d, smp.addressing);
      weight = 0;
      return;
    }
    float below = sycl::floor(u - 0.5f);
    i0 = address(int(below), d, smp.addressing);
    i1 = address(int(below) + 1, d, smp.addressing);
    weight = (u - 0.5f) - below;
  }

  template <typename DataT>
  vec<DataT, 4> sample(float sx, float sy, float sz, image_sampler smp) const {
    int x0, x1, y0 = 0, y1 = 0, z0 = 0, z1 = 0;
    float wx, wy = 0, wz = 0;
    sample_axis(sx, 0, smp, x0, x1, wx);
    if (Dimensions > 1) sample_axis(sy, 1, smp, y0, y1, wy);
    if (Dimensions > 2) sample_axis(sz, 2, smp, z0, z1, wz);
    // -1 is outside (clamp's border): texel() returns the border there.
    if (smp.filtering == filtering_mode::nearest || !image_element<DataT>::is_float)
      return texel<DataT>(x0, y0, z0);
    vec<float, 4> acc(0.0f);
    for (int k = 0; k < (1 << Dimensions); ++k) {
      float w = ((k & 1) ? wx : 1 - wx);
      if (Dimensions > 1) w *= ((k & 2) ? wy : 1 - wy);
      if (Dimensions > 2) w *= ((k & 4) ? wz : 1 - wz);
      vec<DataT, 4> t = texel<DataT>((k & 1) ? x1 : x0, (k & 2) ? y1 : y0, (k & 4) ? z1 : z0);
      for (int comp = 0; comp < 4; ++comp) acc[comp] += w * float(t[comp]);
    }
    return vec<DataT, 4>(DataT(acc[0]), DataT(acc[1]), DataT(acc[2]), DataT(acc[3]));
  }

  // What the accessors offer, for a colour type `DataT` (float4, int4, ...).
  size_t texel_count() const { return size_t(width) * height * depth; }
  template <typename DataT, typename CoordT>
  DataT read(const CoordT &coords) const {
    int x, y, z;
    image_coords(coords, x, y, z);
    return texel<typename DataT::value_type>(x, y, z);
  }
  template <typename DataT, typename CoordT>
  void write(const CoordT &coords, const DataT &color) const {
    int x, y, z;
    image_coords(coords, x, y, z);
    write_texel(x, y, z, color);
  }
  template <typename DataT, typename CoordT>
  DataT read_sampled(const CoordT &coords, image_sampler smp) const {
    float x, y, z;
    image_coords(coords, x, y, z);
    return sample<typename DataT::value_type>(x, y, z, smp);
  }
};

// An image's storage: the buffer of its words and where its data goes when
// the last image object using it is destroyed.
struct __SYCLONE_HOST_ONLY image_storage {
  buffer<uint32_t, 1> words;
  size_t bytes;
  void *final_data = nullptr;
  std::shared_ptr<void> final_owner;
  bool write_back = true;

  image_storage(size_t byte_count, const void *init)
      : words(range<1>((byte_count + 3) / 4 + 1)), bytes(byte_count) {
    if (init) {
      host_accessor<uint32_t, 1, access::mode::read_write> all(words);
      std::memcpy(all.get_pointer(), init, bytes);
    }
  }
  image_storage(const image_storage &) = delete;
  image_storage &operator=(const image_storage &) = delete;
  ~image_storage() {
    void *to = final_owner ? final_owner.get() : final_data;
    if (!to || !write_back) return;
    host_accessor<uint32_t, 1, access::mode::read> all(words);
    std::memcpy(to, all.get_pointer(), bytes);
  }
};

// What every image class holds: its storage, extent, pitches and layout.
template <int Dimensions>
class __SYCLONE_HOST_ONLY image_base {
 public:
  range<Dimensions> get_range() const { return m_range; }
  size_t size() const noexcept { return m_range.size(); }
  size_t get_count() const { return size(); }
  size_t byte_size() const noexcept { return m_storage->bytes; }
  size_t get_size() const { return byte_size(); }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  range<Dimensions - 1> get_pitch() const {
    range<Dimensions - 1> p;
    p[0] = m_row_pitch;
    if constexpr (Dimensions == 3) p[1] = m_slice_pitch;
    return p;
  }
  void set_final_data(std::nullptr_t) { m_storage->final_data = nullptr, m_storage->final_owner.reset(); }
  template <typename T>
  void set_final_data(T *to) {
    m_storage->final_owner.reset();
    m_storage->final_data = to;
  }
  template <typename T>
  void set_final_data(const std::shared_ptr<T> &to) {
    m_storage->final_owner = to;
  }
  void set_write_back(bool flag = true) { m_storage->write_back = flag; }
  bool operator==(const image_base &o) const { return m_storage == o.m_storage; }
  bool operator!=(const image_base &o) const { return m_storage != o.m_storage; }

  // The view a device (or host task) accessor captures.
  template <access::mode Mode>
  image_view<accessor<uint32_t, 1, Mode>, Dimensions> device_view(handler &h) {
    return {accessor<uint32_t, 1, Mode>(m_storage->words, h), extent(0), extent(1), extent(2),
            m_row_pitch, m_slice_pitch, m_layout.order, m_layout.type};
  }
  template <access::mode Mode>
  image_view<host_accessor<uint32_t, 1, Mode>, Dimensions> host_view() {
    return {host_accessor<uint32_t, 1, Mode>(m_storage->words), extent(0), extent(1), extent(2),
            m_row_pitch, m_slice_pitch, m_layout.order, m_layout.type};
  }

 protected:
  // `pitch`: the row and slice pitches in bytes (0: packed).
  image_base(image_layout layout, const range<Dimensions> &r, const void *init, void *final_data,
             std::array<size_t, 2> pitch = {0, 0})
      : m_layout(layout), m_range(r) {
    check_image_layout(layout);
    size_t texel = size_t(image_channels(layout.order)) * image_channel_bytes(layout.type);
    m_row_pitch = Dimensions > 1 && pitch[0] ? pitch[0] : texel * r[0];
    m_slice_pitch = Dimensions > 2 && pitch[1] ? pitch[1] : m_row_pitch * (Dimensions > 1 ? r[1] : 1);
    if (m_row_pitch < texel * r[0] || (Dimensions > 2 && m_slice_pitch < m_row_pitch * r[1]))
      throw exception(errc::invalid, "image pitch smaller than a row (or slice) of texels");
    size_t bytes = Dimensions == 1 ? m_row_pitch : (Dimensions == 2 ? m_row_pitch * r[1] : m_slice_pitch * r[2]);
    m_storage = std::make_shared<image_storage>(bytes, init);
    m_storage->final_data = final_data;
  }
  int extent(int d) const { return d < Dimensions ? int(m_range[d]) : 1; }
  // The pitches an image constructor was given (range<1> or range<2>).
  template <int D>
  static std::array<size_t, 2> pitches(const range<D> &p) {
    return {p[0], D > 1 ? p[D - 1] : 0};
  }

  image_layout m_layout;
  range<Dimensions> m_range;
  size_t m_row_pitch = 0, m_slice_pitch = 0;
  std::shared_ptr<image_storage> m_storage;
};
}  // namespace detail

// ------------------------------------------------------------ accessors
// The device view: the words as a buffer accessor (read for read-only
// accessors, read_write otherwise, so that narrow texels keep their
// neighbours).
template <typename DataT, int Dimensions, access_mode AccessMode, image_target AccessTarget = image_target::device>
class unsampled_image_accessor {
  static constexpr access::mode words_mode = AccessMode == access_mode::read ? access::mode::read : access::mode::read_write;

 public:
  using value_type = DataT;
  template <typename AllocatorT>
  unsampled_image_accessor(unsampled_image<Dimensions, AllocatorT> &img, handler &h, const property_list & = {});
  size_t size() const noexcept { return m_view.texel_count(); }
  template <typename CoordT>
  DataT read(const CoordT &coords) const {
    return m_view.template read<DataT>(coords);
  }
  template <typename CoordT>
  void write(const CoordT &coords, const DataT &color) const {
    m_view.write(coords, color);
  }

 private:
  detail::image_view<accessor<uint32_t, 1, words_mode>, Dimensions> m_view;
};

template <typename DataT, int Dimensions, image_target AccessTarget = image_target::device>
class sampled_image_accessor {
 public:
  using value_type = DataT;
  template <typename AllocatorT>
  sampled_image_accessor(sampled_image<Dimensions, AllocatorT> &img, handler &h, const property_list & = {});
  size_t size() const noexcept { return m_view.texel_count(); }
  template <typename CoordT>
  DataT read(const CoordT &coords) const {
    return m_view.template read_sampled<DataT>(coords, m_sampler);
  }

 private:
  detail::image_view<accessor<uint32_t, 1, access::mode::read>, Dimensions> m_view;
  image_sampler m_sampler;
};

template <typename DataT, int Dimensions, access_mode AccessMode = access_mode::read_write>
class __SYCLONE_HOST_ONLY host_unsampled_image_accessor {
  static constexpr access::mode words_mode = AccessMode == access_mode::read ? access::mode::read : access::mode::read_write;

 public:
  using value_type = DataT;
  template <typename AllocatorT>
  host_unsampled_image_accessor(unsampled_image<Dimensions, AllocatorT> &img, const property_list & = {})
      : m_view(img.template host_view<words_mode>()) {}
  // SYCL 1.2.1's host_image access (image::get_access without a handler).
  template <typename AllocatorT>
  host_unsampled_image_accessor(image<Dimensions, AllocatorT> &img, const property_list & = {})
      : m_view(img.template host_view<words_mode>()) {}
  size_t size() const noexcept { return m_view.texel_count(); }
  template <typename CoordT>
  DataT read(const CoordT &coords) const {
    return m_view.template read<DataT>(coords);
  }
  template <typename CoordT>
  void write(const CoordT &coords, const DataT &color) const {
    m_view.write(coords, color);
  }

 private:
  detail::image_view<host_accessor<uint32_t, 1, words_mode>, Dimensions> m_view;
};

template <typename DataT, int Dimensions>
class __SYCLONE_HOST_ONLY host_sampled_image_accessor {
 public:
  using value_type = DataT;
  template <typename AllocatorT>
  host_sampled_image_accessor(sampled_image<Dimensions, AllocatorT> &img, const property_list & = {})
      : m_view(img.template host_view<access::mode::read>()), m_sampler(img.get_sampler()) {}
  size_t size() const noexcept { return m_view.texel_count(); }
  template <typename CoordT>
  DataT read(const CoordT &coords) const {
    return m_view.template read_sampled<DataT>(coords, m_sampler);
  }

 private:
  detail::image_view<host_accessor<uint32_t, 1, access::mode::read>, Dimensions> m_view;
  image_sampler m_sampler;
};

// SYCL 1.2.1's image accessors: read with integer coordinates, or with
// float ones and a sampler; write with integer coordinates.
template <typename DataT, int Dimensions, access::mode AccessMode, access::placeholder IsPlaceholder>
class accessor<DataT, Dimensions, AccessMode, access::target::image, IsPlaceholder> {
  static constexpr access::mode words_mode = AccessMode == access::mode::read ? access::mode::read : access::mode::read_write;

 public:
  using value_type = DataT;
  template <typename AllocatorT>
  accessor(image<Dimensions, AllocatorT> &img, handler &h);
  size_t size() const noexcept { return m_view.texel_count(); }
  size_t get_count() const { return size(); }
  template <typename CoordT>
  DataT read(const CoordT &coords) const {
    return m_view.template read<DataT>(coords);
  }
  template <typename CoordT>
  DataT read(const CoordT &coords, const sampler &smp) const {
    return m_view.template read_sampled<DataT>(coords, smp.modes());
  }
  template <typename CoordT>
  void write(const CoordT &coords, const DataT &color) const {
    m_view.write(coords, color);
  }

 private:
  detail::image_view<accessor<uint32_t, 1, words_mode>, Dimensions> m_view;
};

// ------------------------------------------------------------ images
struct image_allocator {};

// SYCL 2020 4.7.3: an image read and written texel by texel.
template <int Dimensions = 1, typename AllocatorT = image_allocator>
class __SYCLONE_HOST_ONLY unsampled_image : public detail::image_base<Dimensions> {
  using base = detail::image_base<Dimensions>;

 public:
  unsampled_image(image_format format, const range<Dimensions> &r, const property_list & = {})
      : base(detail::layout_of(format), r, nullptr, nullptr) {}
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  unsampled_image(image_format format, const range<Dimensions> &r, const range<Dimensions - 1> &pitch,
                  const property_list & = {})
      : base(detail::layout_of(format), r, nullptr, nullptr, base::pitches(pitch)) {}
  unsampled_image(void *host, image_format format, const range<Dimensions> &r, const property_list & = {})
      : base(detail::layout_of(format), r, host, host) {}
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  unsampled_image(void *host, image_format format, const range<Dimensions> &r,
                  const range<Dimensions - 1> &pitch, const property_list & = {})
      : base(detail::layout_of(format), r, host, host, base::pitches(pitch)) {}
  unsampled_image(std::shared_ptr<void> &host, image_format format, const range<Dimensions> &r,
                  const property_list &props = {})
      : unsampled_image(host.get(), format, r, props) {
    this->set_final_data(host);
  }

  template <typename DataT, access_mode Mode = (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write)>
  unsampled_image_accessor<DataT, Dimensions, Mode> get_access(handler &h, const property_list &props = {}) {
    return unsampled_image_accessor<DataT, Dimensions, Mode>(*this, h, props);
  }
  template <typename DataT, access_mode Mode = access_mode::read_write>
  host_unsampled_image_accessor<DataT, Dimensions, Mode> get_host_access(const property_list &props = {}) {
    return host_unsampled_image_accessor<DataT, Dimensions, Mode>(*this, props);
  }
};

// SYCL 2020 4.7.3: a read-only image read through its sampler.
template <int Dimensions = 1, typename AllocatorT = image_allocator>
class __SYCLONE_HOST_ONLY sampled_image : public detail::image_base<Dimensions> {
  using base = detail::image_base<Dimensions>;

 public:
  sampled_image(const void *host, image_format format, image_sampler smp, const range<Dimensions> &r,
                const property_list & = {})
      : base(detail::layout_of(format), r, host, nullptr), m_sampler(smp) {}
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  sampled_image(const void *host, image_format format, image_sampler smp, const range<Dimensions> &r,
                const range<Dimensions - 1> &pitch, const property_list & = {})
      : base(detail::layout_of(format), r, host, nullptr, base::pitches(pitch)), m_sampler(smp) {}
  sampled_image(std::shared_ptr<const void> &host, image_format format, image_sampler smp,
                const range<Dimensions> &r, const property_list &props = {})
      : sampled_image(host.get(), format, smp, r, props) {}

  image_sampler get_sampler() const { return m_sampler; }
  template <typename DataT>
  sampled_image_accessor<DataT, Dimensions> get_access(handler &h, const property_list &props = {}) {
    return sampled_image_accessor<DataT, Dimensions>(*this, h, props);
  }
  template <typename DataT>
  host_sampled_image_accessor<DataT, Dimensions> get_host_access(const property_list &props = {}) {
    return host_sampled_image_accessor<DataT, Dimensions>(*this, props);
  }

 private:
  image_sampler m_sampler;
};

// SYCL 1.2.1's image: channel order and type, read and written through
// accessors of access::target::image (sampled or not) and host_image.
template <int Dimensions = 1, typename AllocatorT = image_allocator>
class __SYCLONE_HOST_ONLY image : public detail::image_base<Dimensions> {
  using base = detail::image_base<Dimensions>;

 public:
  image(image_channel_order order, image_channel_type type, const range<Dimensions> &r,
        const property_list & = {})
      : base({order, type}, r, nullptr, nullptr) {}
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  image(image_channel_order order, image_channel_type type, const range<Dimensions> &r,
        const range<Dimensions - 1> &pitch, const property_list & = {})
      : base({order, type}, r, nullptr, nullptr, base::pitches(pitch)) {}
  image(void *host, image_channel_order order, image_channel_type type, const range<Dimensions> &r,
        const property_list & = {})
      : base({order, type}, r, host, host) {}
  image(const void *host, image_channel_order order, image_channel_type type, const range<Dimensions> &r,
        const property_list & = {})
      : base({order, type}, r, host, nullptr) {}
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  image(void *host, image_channel_order order, image_channel_type type, const range<Dimensions> &r,
        const range<Dimensions - 1> &pitch, const property_list & = {})
      : base({order, type}, r, host, host, base::pitches(pitch)) {}
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  image(const void *host, image_channel_order order, image_channel_type type, const range<Dimensions> &r,
        const range<Dimensions - 1> &pitch, const property_list & = {})
      : base({order, type}, r, host, nullptr, base::pitches(pitch)) {}
  image(std::shared_ptr<void> &host, image_channel_order order, image_channel_type type,
        const range<Dimensions> &r, const property_list &props = {})
      : image(host.get(), order, type, r, props) {
    this->set_final_data(host);
  }

  template <typename DataT, access::mode Mode>
  accessor<DataT, Dimensions, Mode, access::target::image> get_access(handler &h) {
    return accessor<DataT, Dimensions, Mode, access::target::image>(*this, h);
  }
  // Host access (SYCL 1.2.1's host_image target).
  template <typename DataT, access::mode Mode>
  host_unsampled_image_accessor<DataT, Dimensions, Mode == access::mode::read ? access_mode::read : access_mode::read_write>
  get_access() {
    return host_unsampled_image_accessor < DataT, Dimensions,
           Mode == access::mode::read ? access_mode::read : access_mode::read_write > (*this);
  }
};

#ifndef __SYCL_DEVICE_ONLY__
template <typename DataT, int Dimensions, access_mode AccessMode, image_target AccessTarget>
template <typename AllocatorT>
unsampled_image_accessor<DataT, Dimensions, AccessMode, AccessTarget>::unsampled_image_accessor(
    unsampled_image<Dimensions, AllocatorT> &img, handler &h, const property_list &)
    : m_view(img.template device_view<words_mode>(h)) {}

template <typename DataT, int Dimensions, image_target AccessTarget>
template <typename AllocatorT>
sampled_image_accessor<DataT, Dimensions, AccessTarget>::sampled_image_accessor(
    sampled_image<Dimensions, AllocatorT> &img, handler &h, const property_list &)
    : m_view(img.template device_view<access::mode::read>(h)), m_sampler(img.get_sampler()) {}

template <typename DataT, int Dimensions, access::mode AccessMode, access::placeholder IsPlaceholder>
template <typename AllocatorT>
accessor<DataT, Dimensions, AccessMode, access::target::image, IsPlaceholder>::accessor(
    image<Dimensions, AllocatorT> &img, handler &h)
    : m_view(img.template device_view<words_mode>(h)) {}
#endif

}  // namespace sycl
