module.exports = async function globalTeardown() {
  const embedded = globalThis.__STRONGROOM_PG__;
  if (embedded) await embedded.stop();
};
