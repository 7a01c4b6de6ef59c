// Loaded with `node --import` into a server process under test: its clock runs VV_TEST_CLOCK_OFFSET_MS
// ahead, so a scheduled slot (every ten minutes, say) comes within seconds instead of minutes.
// Only JavaScript's clock moves; the database keeps its own, as it would in production.
const offset = Number(process.env.VV_TEST_CLOCK_OFFSET_MS ?? 0);
if (offset) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
