// Reads the PNG screenshots Chromium takes (8-bit greyscale, RGB or RGBA, with or without
// alpha, not interlaced) into pixels, and measures what the checks need of them: how much of
// a region is drawn on, and whether anything is cut at the edges.
import { inflateSync } from 'node:zlib';

/** Decodes a PNG into { width, height, channels, data } (data: rows of channels bytes). */
export function decode(bytes) {
  const sig = [137, 80, 78, 71, 13, 10, 26, 10];
  if (!sig.every((b, i) => bytes[i] === b)) throw new Error('not a PNG');
  let at = 8;
  let width = 0, height = 0, depth = 0, colour = 0, interlace = 0;
  const idat = [];
  while (at < bytes.length) {
    const len = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      depth = body[8];
      colour = body[9];
      interlace = body[12];
    } else if (type === 'IDAT') {
      idat.push(body);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + len;
  }
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colour];
  if (depth !== 8 || !channels || interlace) {
    throw new Error(`PNG of depth ${depth}, colour type ${colour}, interlace ${interlace}: not read here`);
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const data = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = data.subarray(y * stride, (y + 1) * stride);
    const up = y > 0 ? data.subarray((y - 1) * stride, y * stride) : null;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? row[x - channels] : 0;
      const b = up ? up[x] : 0;
      const c = up && x >= channels ? up[x - channels] : 0;
      let v = src[x];
      switch (filter) {
        case 0: break;
        case 1: v += a; break;
        case 2: v += b; break;
        case 3: v += (a + b) >> 1; break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
          v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default: throw new Error(`PNG filter ${filter}`);
      }
      row[x] = v & 255;
    }
  }
  return { width, height, channels, data };
}

/** The colour at (x, y) as one number (0xRRGGBB; grey repeated). */
export function pixel(img, x, y) {
  const i = (y * img.width + x) * img.channels;
  const d = img.data;
  if (img.channels < 3) return d[i] * 0x10101;
  return (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
}

function luma(c) {
  return 0.299 * (c >> 16) + 0.587 * ((c >> 8) & 255) + 0.114 * (c & 255);
}

/**
 * What a region (device pixels, clipped to the image) holds: how many colours, the most
 * common one (the background there) and the share of pixels that stand out from it (ink:
 * a luma difference over `contrast`, as text and borders make).
 */
export function region(img, x0, y0, w, h, contrast = 48) {
  const x1 = Math.min(img.width, Math.ceil(x0 + w)), y1 = Math.min(img.height, Math.ceil(y0 + h));
  x0 = Math.max(0, Math.floor(x0));
  y0 = Math.max(0, Math.floor(y0));
  const counts = new Map();
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const c = pixel(img, x, y);
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
  }
  let background = 0, most = -1;
  for (const [c, n] of counts) if (n > most) { most = n; background = c; }
  const base = luma(background);
  let ink = 0, total = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      total++;
      if (Math.abs(luma(pixel(img, x, y)) - base) > contrast) ink++;
    }
  }
  return { colours: counts.size, background, ink: total ? ink / total : 0, pixels: total };
}

/**
 * Text or a drawing cut by an edge of the screen leaves ink in the outermost pixels: counts,
 * along each edge's outermost line of pixels, the places where the colour jumps (a luma step
 * over 48 between neighbours). A band reaching the edge makes two jumps; letters cut
 * through make one at every stroke. Returns the count per edge.
 */
export function edgeJumps(img) {
  const line = (points) => {
    let jumps = 0;
    for (let i = 1; i < points.length; i++) {
      if (Math.abs(luma(points[i]) - luma(points[i - 1])) > 48) jumps++;
    }
    return jumps;
  };
  const col = (x) => Array.from({ length: img.height }, (_, y) => pixel(img, x, y));
  const row = (y) => Array.from({ length: img.width }, (_, x) => pixel(img, x, y));
  return {
    left: line(col(0)),
    right: line(col(img.width - 1)),
    top: line(row(0)),
    bottom: line(row(img.height - 1)),
  };
}

/**
 * The picture at one pixel per logical pixel, as luma: each logical pixel the mean of the
 * `scale`×`scale` device pixels it covers. Width and height are the logical size.
 */
export function logical(img, scale, width, height) {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0, n = 0;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const px = x * scale + dx, py = y * scale + dy;
          if (px < img.width && py < img.height) {
            sum += luma(pixel(img, px, py));
            n++;
          }
        }
      }
      out[y * width + x] = n ? sum / n : 0;
    }
  }
  return out;
}

/**
 * Where two logical pictures of one size differ: the `block`×`block` squares whose mean luma
 * differs by more than `limit` (text that moved, a panel in another place), as
 * { share, blocks: [[x, y, difference]...] } (the worst first).
 */
export function differences(a, b, width, height, block = 6, limit = 24) {
  const blocks = [];
  let total = 0;
  for (let by = 0; by + block <= height; by += block) {
    for (let bx = 0; bx + block <= width; bx += block) {
      let sa = 0, sb = 0;
      for (let y = by; y < by + block; y++) {
        for (let x = bx; x < bx + block; x++) {
          sa += a[y * width + x];
          sb += b[y * width + x];
        }
      }
      total++;
      const d = Math.abs(sa - sb) / (block * block);
      if (d > limit) blocks.push([bx, by, Math.round(d)]);
    }
  }
  blocks.sort((p, q) => q[2] - p[2]);
  return { share: total ? blocks.length / total : 0, blocks };
}
