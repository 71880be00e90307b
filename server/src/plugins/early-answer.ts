import fp from 'fastify-plugin';

/**
 * An answer sent before the request's body was fully received (an upload refused part-way with
 * a 413, a signed-out upload refused with a 401) leaves the rest of that body on the socket.
 * Were the connection kept alive, those bytes would be read as the next request: it would fail
 * (a 404 whose body never ends) and so would every request after it on that connection. Such
 * an answer closes the connection instead; the client opens a fresh one for its next request.
 * Reading the rest first would also work, but would mean accepting bytes we just refused.
 */
export const earlyAnswerPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      // `complete` turns true once the parser has seen the message's last byte.
      if (!request.raw.complete) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'early-answer' },
);
