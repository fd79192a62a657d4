// Preloaded into the reference server (`node --import ./loopback.mjs`):
// a listen() call without a host binds 127.0.0.1 instead of every
// interface, so the tests stay on loopback.
import net from "node:net";

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if ((typeof args[0] === "number" || typeof args[0] === "string") && typeof args[1] !== "string") {
    args.splice(1, 0, "127.0.0.1");
  }
  return listen.apply(this, args);
};
