// Frees the memory of array buffers at once, without waiting for a garbage collection: they are transferred into a
// message of a channel closed at once, and their memory goes with the dropped message. For large buffers a thread is
// done with while it may stay idle: a worker that goes quiet after its work may not collect for minutes, its
// leftovers held in the page's renderer meanwhile. The buffers are detached (length 0).
// Where MessageChannel is missing, nothing happens (the garbage collector frees them as before).
export function releaseBuffers(buffers: readonly ArrayBufferLike[]): void {
  if (typeof MessageChannel === 'undefined' || buffers.length === 0) return;
  const unique = [...new Set(buffers)].filter((b): b is ArrayBuffer => b instanceof ArrayBuffer && b.byteLength > 0);
  if (unique.length === 0) return;
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(null, unique);
  port1.close();
  port2.close();
}
