// A file's size for lseek to its end, kept per file by the embedded database's thread. Postgres asks
// it of a relation's file before each read past what it knows, each extension and each plan; through
// Emscripten's Node file system each ask was an fstat, 6% of the thread's time under the channel's
// load. Kept from the writes and truncations that change it: only this process writes the folder
// (data-dir-lock.ts). Plain JavaScript, like pglite-thread.js.

/** Wraps the file system's operations of Emscripten module `Module` (PGlite's) to keep the sizes. */
export function keepFileSizes({ FS, NODEFS }) {
  const sizes = new WeakMap();
  const { open, llseek, write, setattr } = NODEFS.stream_ops;
  const nodeSetattr = NODEFS.node_ops.setattr;
  // opened with O_TRUNC, a file is emptied by Node itself: its size is read again
  NODEFS.stream_ops.open = (stream) => {
    sizes.delete(stream.node);
    return open(stream);
  };
  NODEFS.stream_ops.llseek = (stream, offset, whence) => {
    if (whence !== 2 || !FS.isFile(stream.node.mode)) return llseek(stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      size = llseek(stream, 0, 2);
      sizes.set(stream.node, size);
    }
    if (offset + size < 0) throw new FS.ErrnoError(28); // EINVAL in Emscripten's numbering
    return offset + size;
  };
  NODEFS.stream_ops.write = (stream, buffer, offset, length, position) => {
    const written = write(stream, buffer, offset, length, position);
    const size = sizes.get(stream.node);
    if (size !== undefined) sizes.set(stream.node, Math.max(size, position + written));
    return written;
  };
  // truncate, ftruncate and fallocate all end here
  NODEFS.stream_ops.setattr = (stream, attr) => {
    sizes.delete(stream.node);
    return setattr(stream, attr);
  };
  NODEFS.node_ops.setattr = (node, attr) => {
    sizes.delete(node);
    return nodeSetattr(node, attr);
  };
}
