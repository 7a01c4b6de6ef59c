// `npm run bench:forecast`: how good the week-ahead demand forecasts are, out of sample, and what
// they cost. For each series the last 4 weeks are held out one at a time; `forecastSeries` sees only
// the days before the held-out week, so the choice of method is made without it. The chosen
// forecasts are compared with seasonal naive (the baseline they must beat, or the script fails)
// and with each method applied to every series. Writes the '## Forecasts' section of docs/performance.md.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { demoSeries, generatedSeries } from './forecast-bench-histories.mjs';
import { updatePerformanceDoc } from './performance-doc.mjs';

const root = new URL('..', import.meta.url).pathname;
const LIBRARY = 'dist/server/features/inventory-analytics/forecasting';
const EVALUATION_WEEKS = 4;
const DEMO_DAYS = 120;
const GENERATED_COUNT = 200;
const GENERATED_DAYS = 365;
const TIMING_ROUNDS = 5;

if (!existsSync(join(root, 'dist/server/main.js')) || !existsSync(join(root, LIBRARY, 'forecast-series.js'))) {
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
const { forecastSeries, FORECAST_METHODS, MAX_TRAINING_DAYS } = await import(join(root, LIBRARY, 'forecast-series.js'));
const { FORECASTERS } = await import(join(root, LIBRARY, 'methods.js'));
const { generateVoteHistory, seededRandom } = await import(join(root, 'dist/server/db/vote-history.js'));
const { DEMO_PRODUCTS } = await import(join(root, 'dist/server/db/demo-catalog.js'));

const histories = [
  {
    name: 'Demo',
    description: `the demo's seeded votes (generator and seed of the demo, machines at 45 and 30 votes a day, the ${DEMO_PRODUCTS.length} demo products with their demand weights) over ${DEMO_DAYS} days instead of the demo's 42, so there are weeks to train on; up-votes per machine and product and UTC-5 local day, ${2 * DEMO_PRODUCTS.length} series`,
    series: demoSeries({ generateVoteHistory, products: DEMO_PRODUCTS, days: DEMO_DAYS, now: new Date('2026-03-01T05:00:00Z'), seed: 20251 }),
  },
  {
    name: 'Generated',
    description: `${GENERATED_COUNT} series of ${GENERATED_DAYS} days from a seeded generator (scripts/forecast-bench-histories.mjs): three in four regular (0.5 to 15 votes a day; flat, rising up to 2.5× or falling to 0.4× over the year; weekly pattern of random strength; Poisson noise), one in four intermittent (a sale on 4–30 % of days)`,
    series: generatedSeries({ random: seededRandom(7), count: GENERATED_COUNT, days: GENERATED_DAYS }),
  },
];

const newScore = () => ({ weeklyMiss: 0, actual: 0, dailyMiss: 0, days: 0 });
function addWeek(score, forecast, actual) {
  let forecastWeek = 0;
  let actualWeek = 0;
  for (let h = 0; h < actual.length; h++) {
    forecastWeek += forecast[h];
    actualWeek += actual[h];
    score.dailyMiss += Math.abs(forecast[h] - actual[h]);
  }
  score.weeklyMiss += Math.abs(forecastWeek - actualWeek);
  score.actual += actualWeek;
  score.days += actual.length;
}
const weeklyError = (score) => score.weeklyMiss / score.actual;
const dailyMae = (score) => score.dailyMiss / score.days;

/** Every series, every held-out week: the chosen forecast and each method's, scored on the same weeks. */
function evaluate(history) {
  const chosen = newScore();
  const trueRate = history.series[0].expected ? newScore() : null;
  const single = Object.fromEntries(FORECAST_METHODS.map((method) => [method, newScore()]));
  const choices = Object.fromEntries(FORECAST_METHODS.map((method) => [method, 0]));
  let forecasts = 0;
  let elapsed = 0;
  for (const { values, firstWeekday, expected } of history.series) {
    for (let week = EVALUATION_WEEKS; week >= 1; week--) {
      const cut = values.length - 7 * week;
      const known = values.slice(0, cut);
      const actual = values.slice(cut, cut + 7);
      const start = performance.now();
      const result = forecastSeries(known, firstWeekday);
      elapsed += performance.now() - start;
      forecasts += 1;
      addWeek(chosen, result.daily, actual);
      if (trueRate) addWeek(trueRate, expected.slice(cut, cut + 7), actual);
      choices[result.method] += 1;
      const training = Float64Array.from(known.slice(-MAX_TRAINING_DAYS));
      for (const method of FORECAST_METHODS) addWeek(single[method], FORECASTERS[method](training), actual);
    }
  }
  return { chosen, trueRate, single, choices, forecasts, msPerForecast: elapsed / forecasts };
}

/** The nightly job's case: full 365-day series, after a warm-up round. */
function timeFullYear(series) {
  for (const { values, firstWeekday } of series) forecastSeries(values, firstWeekday);
  const start = performance.now();
  for (let round = 0; round < TIMING_ROUNDS; round++) for (const { values, firstWeekday } of series) forecastSeries(values, firstWeekday);
  return (performance.now() - start) / (TIMING_ROUNDS * series.length);
}

const results = histories.map((history) => ({ history, ...evaluate(history) }));
const msPerYearSeries = timeFullYear(histories[1].series);

const percent = (value) => `${(100 * value).toFixed(1)} %`;
const rows = [
  ['**Chosen per series**', (result) => result.chosen],
  ...FORECAST_METHODS.map((method) => [`${method}${method === 'seasonal-naive' ? ' (baseline)' : ''} everywhere`, (result) => result.single[method]]),
  ['The rate the series was drawn from (the noise floor)', (result) => result.trueRate],
];
const cell = (score) => (score ? `${percent(weeklyError(score))} | ${dailyMae(score).toFixed(2)}` : '– | –');
const table = [
  `| Forecast | ${results.map(({ history }) => `${history.name}: weekly-total error | ${history.name}: daily MAE`).join(' | ')} |`,
  `| --- | ${results.map(() => '--- | ---').join(' | ')} |`,
  ...rows.map(([label, pick]) => `| ${label} | ${results.map((result) => cell(pick(result))).join(' | ')} |`),
];
const choiceLines = results.map(({ history, choices, forecasts }) => {
  const shares = FORECAST_METHODS.filter((method) => choices[method] > 0).map((method) => `${method} ${Math.round((100 * choices[method]) / forecasts)} %`);
  return `- ${history.name} (${forecasts} forecasts): ${shares.join(', ')}`;
});
const beaten = results.map((result) => weeklyError(result.chosen) < weeklyError(result.single['seasonal-naive']));
const bestMethods = results.map((result) => FORECAST_METHODS.reduce((best, next) => (weeklyError(result.single[next]) < weeklyError(result.single[best]) ? next : best)));
const bestSingle = results.map((result, index) => `${result.history.name.toLowerCase()}: ${bestMethods[index]}, ${percent(weeklyError(result.single[bestMethods[index]]))}`);
const chosenBeatsBest = results.every((result, index) => weeklyError(result.chosen) < weeklyError(result.single[bestMethods[index]]));

console.log(table.join('\n'));
console.log(choiceLines.join('\n'));
console.log(`${msPerYearSeries.toFixed(2)} ms per 365-day series`);

const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:forecast\` on this machine (${cpus().length} cores, Node ${process.versions.node}; the forecasts run on one). For every series the last ${EVALUATION_WEEKS} weeks are held out one at a time: \`forecastSeries\` gets only the days before the held-out week, so its back-test and its choice of method never see the week it is judged on. Weekly-total error = Σ|forecast week − actual week| ÷ Σ actual week over all series and held-out weeks (what the dashboard's "predicted demand for the coming week" misses by); daily MAE in votes per day.`,
  '',
  'Histories:',
  ...results.map(({ history }) => `- ${history.name}: ${history.description}.`),
  '',
  ...table,
  '',
  'How often each method was chosen:',
  ...choiceLines,
  '',
  `The chosen forecasts ${beaten.every(Boolean) ? 'beat' : 'do NOT beat'} seasonal naive on both histories (${results.map((result) => `${result.history.name.toLowerCase()} ${percent(weeklyError(result.chosen))} against ${percent(weeklyError(result.single['seasonal-naive']))}`).join(', ')}). A method is chosen per series by the fewest votes missed in its own back-test, weeks' totals plus single days (src/server/features/inventory-analytics/forecasting/backtest.ts says why); that rule was settled on histories drawn with other seeds, not on these. The choice ${chosenBeatsBest ? 'also beats' : 'does not beat'} the best single method of each history (${bestSingle.join('; ')})${new Set(bestMethods).size > 1 ? ', and that method differs between the two: no single method is best on both' : ''}.`,
  `Time: ${msPerYearSeries.toFixed(2)} ms per 365-day series for the whole forecast (8-fold back-test of all six methods, the chosen method's fit, trend and seasonality), mean over ${TIMING_ROUNDS} rounds of the ${GENERATED_COUNT} generated series after a warm-up; about ${((msPerYearSeries * 2000) / 1000).toFixed(1)} s for an operator with 2,000 series. In the held-out runs above: ${results.map((result) => `${result.msPerForecast.toFixed(2)} ms (${result.history.name.toLowerCase()})`).join(', ')} per forecast.`,
  "The noise floor is the error of forecasting each day's true rate, known only for the generated history: with a few votes a day, most of a week's miss is chance that no method can foresee, so the methods differ by little and the choice per series mainly guards against the one that fails on a given series. The demo's series are smaller still (0 to 6 up-votes a day at one machine), hence its larger errors. The demo's generator lets each voter vote once per product, so over 120 days its daily votes fall by about half as its voters run out, a falling trend in every demo series.",
];
updatePerformanceDoc(join(root, 'docs/performance.md'), 'Forecasts', lines.join('\n'));
if (!beaten.every(Boolean)) {
  console.error('The chosen forecasts do not beat seasonal naive on every history.');
  process.exit(1);
}
