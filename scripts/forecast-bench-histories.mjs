// The two histories `npm run bench:forecast` judges the forecasts on: the demo's seeded votes as
// daily up-vote series, and a generated set with the shapes the demo lacks (trends over a year,
// weekly patterns of every strength, products that sell only now and then).

const DAY_MS = 86_400_000;
/** The demo operator's day is UTC-5, so a vote belongs to the local date five hours before its UTC time. */
const LOCAL_OFFSET_MS = 5 * 3_600_000;

/**
 * The demo's history, `days` long and ending with the local day before `now`, as one daily series
 * of up-votes per (machine, product). The shape is the demo's: machines with 45 and 30 votes a
 * day, the demo products with their demand weights, the demo's seed.
 */
export function demoSeries({ generateVoteHistory, products, days, now, seed }) {
  const plan = {
    scopes: [
      { machineId: 1, votesPerDay: 45 },
      { machineId: 2, votesPerDay: 30 },
    ],
    products: products.map((product, index) => ({ id: index + 1, demand: product.demand })),
    days,
    now,
    seed,
  };
  const firstDay = Math.floor((now.getTime() - LOCAL_OFFSET_MS) / DAY_MS) - days;
  const series = new Map();
  for (const scope of plan.scopes) {
    for (const product of plan.products) series.set(`${scope.machineId}:${product.id}`, new Array(days).fill(0));
  }
  for (const vote of generateVoteHistory(plan)) {
    if (vote.voteType !== 'up') continue;
    const day = Math.floor((vote.createdAt.getTime() - LOCAL_OFFSET_MS) / DAY_MS) - firstDay;
    if (day >= 0 && day < days) series.get(`${vote.machineId}:${vote.productId}`)[day] += 1;
  }
  const firstWeekday = new Date(firstDay * DAY_MS).getUTCDay();
  return [...series.values()].map((values) => ({ values, firstWeekday }));
}

function poisson(lambda, random) {
  if (lambda <= 0) return 0;
  if (lambda > 30) {
    // Normal approximation; Knuth's product of uniforms needs e^-λ, too small to be exact up here.
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * normal));
  }
  const limit = Math.exp(-lambda);
  let count = 0;
  let product = random();
  while (product > limit) {
    count += 1;
    product *= random();
  }
  return count;
}

/** An office route's week (Sunday first): busy Monday to Friday, quiet at the weekend. */
const OFFICE_WEEK = [0.45, 1.15, 1.2, 1.2, 1.2, 1.1, 0.5];

/**
 * `count` series of `days` days from a seeded `random`: three in four regular products (a rate from
 * 0.5 to 15 a day, flat, rising or falling by up to 2.5× over the span, a weekly pattern from none
 * to full, Poisson noise) and one in four intermittent (a sale on 4–30 % of days, of 1 to a few
 * votes, sometimes fading or picking up). Each series also carries the rate it was drawn from
 * (`expected`), the forecast no method can beat.
 */
export function generatedSeries({ random, count, days }) {
  const between = (low, high) => low + (high - low) * random();
  const all = [];
  for (let i = 0; i < count; i++) {
    const firstWeekday = Math.floor(random() * 7);
    const values = new Array(days);
    const expected = new Array(days);
    const direction = i % 3; // 0 flat, 1 rising, 2 falling
    const endRatio = direction === 0 ? 1 : direction === 1 ? between(1.3, 2.5) : between(0.4, 0.8);
    const growth = (t) => endRatio ** (t / (days - 1));
    if (i % 4 === 3) {
      const chance = between(0.04, 0.3);
      const extra = between(0, 2);
      for (let t = 0; t < days; t++) {
        expected[t] = chance * growth(t) * (1 + extra);
        values[t] = random() < chance * growth(t) ? 1 + poisson(extra, random) : 0;
      }
    } else {
      const base = Math.exp(between(Math.log(0.5), Math.log(15)));
      const strength = random();
      const week = random() < 0.6 ? OFFICE_WEEK : Array.from({ length: 7 }, () => between(0.3, 1.7));
      for (let t = 0; t < days; t++) {
        const weekday = week[(firstWeekday + t) % 7];
        expected[t] = base * growth(t) * (1 + strength * (weekday - 1));
        values[t] = poisson(expected[t], random);
      }
    }
    all.push({ values, firstWeekday, expected });
  }
  return all;
}
