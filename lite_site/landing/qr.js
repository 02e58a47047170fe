// A QR code drawn in the browser (the teacher page's class tables: the link to a table, whose code no
// build can know). Model 2, byte mode (UTF-8), error correction level M, versions 1 to 10 (up to 213
// bytes: a table's link is about 40), as ISO/IEC 18004 describes it; the mask is the one of least
// penalty. The teacher page's test reads the code drawn on the page back with zxing-cpp (a decoder of the
// build's environment; tests/site/test_class_browser.py).
//
//   SixnimmtQR.matrix(text, {version, mask}) → rows of "0"/"1" (no quiet zone)
//   SixnimmtQR.svg(text, label) → an <svg> element, 4 modules of quiet zone, named by label
"use strict";
const SixnimmtQR = (() => {
  // Level M, versions 1–10: error correction codewords per block, and blocks.
  const ECC = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26];
  const BLOCKS = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5];
  const FORMAT_M = 0;  // level M's two format bits

  function mul(x, y) {  // in GF(2^8), modulo x^8 + x^4 + x^3 + x^2 + 1
    let z = 0;
    for (let i = 7; i >= 0; i--) {
      z = (z << 1) ^ ((z >>> 7) * 0x11d);
      z ^= ((y >>> i) & 1) * x;
    }
    return z & 0xff;
  }
  function divisor(degree) {  // the Reed–Solomon generator's coefficients, highest first (without the leading 1)
    const out = new Array(degree).fill(0);
    out[degree - 1] = 1;
    let root = 1;
    for (let i = 0; i < degree; i++) {
      for (let j = 0; j < out.length; j++) {
        out[j] = mul(out[j], root);
        if (j + 1 < out.length) out[j] ^= out[j + 1];
      }
      root = mul(root, 2);
    }
    return out;
  }
  function remainder(data, div) {
    const out = new Array(div.length).fill(0);
    for (const b of data) {
      const factor = b ^ out.shift();
      out.push(0);
      div.forEach((c, i) => { out[i] ^= mul(c, factor); });
    }
    return out;
  }
  function rawModules(v) {  // the modules left for data and error correction in version v
    let n = (16 * v + 128) * v + 64;
    if (v >= 2) {
      const align = Math.floor(v / 7) + 2;
      n -= (25 * align - 10) * align - 55;
      if (v >= 7) n -= 36;
    }
    return n;
  }
  function dataCodewords(v) { return Math.floor(rawModules(v) / 8) - ECC[v] * BLOCKS[v]; }
  function alignment(v) {
    if (v === 1) return [];
    const n = Math.floor(v / 7) + 2, size = v * 4 + 17;
    const step = Math.ceil((v * 4 + 4) / (n * 2 - 2)) * 2;
    const out = [6];
    for (let pos = size - 7; out.length < n; pos -= step) out.splice(1, 0, pos);
    return out;
  }

  // The data codewords: mode, length, bytes, terminator, padding.
  function codewords(bytes, v) {
    const bits = [];
    const put = (value, n) => { for (let i = n - 1; i >= 0; i--) bits.push((value >>> i) & 1); };
    put(4, 4);
    put(bytes.length, v < 10 ? 8 : 16);
    for (const b of bytes) put(b, 8);
    const capacity = dataCodewords(v) * 8;
    put(0, Math.min(4, capacity - bits.length));
    put(0, (8 - bits.length % 8) % 8);
    for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8);
    const out = [];
    for (let i = 0; i < bits.length; i += 8) out.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
    return out;
  }
  // Split into blocks, add each block's error correction, interleave.
  function interleave(data, v) {
    const blocks = BLOCKS[v], eccLen = ECC[v], raw = Math.floor(rawModules(v) / 8);
    const short = blocks - raw % blocks, shortLen = Math.floor(raw / blocks);
    const div = divisor(eccLen), all = [];
    for (let i = 0, k = 0; i < blocks; i++) {
      const dat = data.slice(k, k + shortLen - eccLen + (i < short ? 0 : 1));
      k += dat.length;
      const ecc = remainder(dat, div);
      if (i < short) dat.push(0);
      all.push(dat.concat(ecc));
    }
    const out = [];
    for (let i = 0; i < all[0].length; i++)
      all.forEach((block, j) => { if (i !== shortLen - eccLen || j >= short) out.push(block[i]); });
    return out;
  }

  function build(bytes, v, mask) {
    const size = v * 4 + 17;
    const dark = Array.from({ length: size }, () => new Array(size).fill(false));
    const fixed = Array.from({ length: size }, () => new Array(size).fill(false));
    const set = (x, y, on) => { dark[y][x] = on; fixed[y][x] = true; };
    for (let i = 0; i < size; i++) { set(6, i, i % 2 === 0); set(i, 6, i % 2 === 0); }
    for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]])
      for (let dy = -4; dy <= 4; dy++) for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx, y = cy + dy, d = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, d !== 2 && d !== 4);
      }
    const pos = alignment(v), n = pos.length;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
      if ((i === 0 && j === 0) || (i === 0 && j === n - 1) || (i === n - 1 && j === 0)) continue;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++)
        set(pos[i] + dx, pos[j] + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
    const format = (m) => {
      const data = (FORMAT_M << 3) | m;
      let rem = data;
      for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
      const bits = ((data << 10) | rem) ^ 0x5412, bit = i => ((bits >>> i) & 1) === 1;
      for (let i = 0; i <= 5; i++) set(8, i, bit(i));
      set(8, 7, bit(6)); set(8, 8, bit(7)); set(7, 8, bit(8));
      for (let i = 9; i < 15; i++) set(14 - i, 8, bit(i));
      for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(i));
      for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(i));
      set(8, size - 8, true);
    };
    format(0);
    if (v >= 7) {
      let rem = v;
      for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
      const bits = (v << 12) | rem;
      for (let i = 0; i < 18; i++) {
        const on = ((bits >>> i) & 1) === 1, a = size - 11 + i % 3, b = Math.floor(i / 3);
        set(a, b, on); set(b, a, on);
      }
    }
    const data = interleave(codewords(bytes, v), v);
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let vert = 0; vert < size; vert++) for (let j = 0; j < 2; j++) {
        const x = right - j, y = ((right + 1) & 2) === 0 ? size - 1 - vert : vert;
        if (!fixed[y][x] && i < data.length * 8) { dark[y][x] = ((data[i >>> 3] >>> (7 - (i & 7))) & 1) === 1; i++; }
      }
    }
    const masked = (m) => {
      const out = dark.map(row => row.slice());
      for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) {
        if (fixed[y][x]) continue;
        const flip = [(x + y) % 2 === 0, y % 2 === 0, x % 3 === 0, (x + y) % 3 === 0,
          (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0, (x * y) % 2 + (x * y) % 3 === 0,
          ((x * y) % 2 + (x * y) % 3) % 2 === 0, ((x + y) % 2 + (x * y) % 3) % 2 === 0][m];
        if (flip) out[y][x] = !out[y][x];
      }
      const keep = dark.map(row => row.slice());
      for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) dark[y][x] = out[y][x];
      format(m);
      const result = dark.map(row => row.slice());
      for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) dark[y][x] = keep[y][x];
      return result;
    };
    if (mask !== undefined) return masked(mask);
    let best = null, bestScore = Infinity;
    for (let m = 0; m < 8; m++) {
      const grid = masked(m), score = penalty(grid);
      if (score < bestScore) { best = grid; bestScore = score; }
    }
    return best;
  }
  // The penalty of a masked symbol (ISO/IEC 18004, 7.8.3): runs of five or more, 2×2 blocks, the
  // finder's 1:1:3:1:1 with four light modules beside it, and the share of dark modules.
  function penalty(grid) {
    const size = grid.length;
    let score = 0, darkCount = 0;
    const lines = [];
    for (let y = 0; y < size; y++) lines.push(grid[y]);
    for (let x = 0; x < size; x++) lines.push(grid.map(row => row[x]));
    for (const line of lines) {
      let run = 1;
      for (let i = 1; i <= size; i++) {
        if (i < size && line[i] === line[i - 1]) { run++; continue; }
        if (run >= 5) score += 3 + run - 5;
        run = 1;
      }
      const s = line.map(d => (d ? "1" : "0")).join("");
      for (const p of ["10111010000", "00001011101"]) for (let at = s.indexOf(p); at >= 0; at = s.indexOf(p, at + 1)) score += 40;
    }
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) {
      if (grid[y][x]) darkCount++;
      if (x + 1 < size && y + 1 < size) {
        const c = grid[y][x];
        if (grid[y][x + 1] === c && grid[y + 1][x] === c && grid[y + 1][x + 1] === c) score += 3;
      }
    }
    const total = size * size;
    score += Math.floor(Math.abs(darkCount * 20 - total * 10) / total) * 10;
    return score;
  }

  function matrix(text, options) {
    const bytes = [...new TextEncoder().encode(text)];
    const given = options && options.version;
    let v = given || 1;
    while (v <= 10 && dataCodewords(v) * 8 < 4 + (v < 10 ? 8 : 16) + bytes.length * 8) {
      if (given) throw new RangeError("too long for this version");
      v++;
    }
    if (v > 10) throw new RangeError("too long for a QR code of version 10");
    return build(bytes, v, options ? options.mask : undefined).map(row => row.map(d => (d ? "1" : "0")).join(""));
  }
  function svg(text, label) {
    const rows = matrix(text), size = rows.length, NS = "http://www.w3.org/2000/svg";
    const out = document.createElementNS(NS, "svg");
    out.setAttribute("viewBox", "0 0 " + (size + 8) + " " + (size + 8));
    out.setAttribute("role", "img");
    out.setAttribute("aria-label", label);
    out.setAttribute("class", "qr");
    out.setAttribute("shape-rendering", "crispEdges");
    const back = document.createElementNS(NS, "rect");
    back.setAttribute("width", String(size + 8)); back.setAttribute("height", String(size + 8)); back.setAttribute("fill", "#fff");
    const path = document.createElementNS(NS, "path");
    let d = "";
    rows.forEach((row, y) => { for (let x = 0; x < size; x++) if (row[x] === "1") d += "M" + (x + 4) + " " + (y + 4) + "h1v1h-1z"; });
    path.setAttribute("d", d);
    path.setAttribute("fill", "#000");
    out.append(back, path);
    return out;
  }
  return { matrix, svg };
})();
