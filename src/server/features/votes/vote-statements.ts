/**
 * The SQL texts of the vote path (docs/decisions/0005-vote-counters.md). Votes are written in
 * batches: whatever votes reached this process while the previous batch was being written go to
 * the database together, as one JSON parameter, in two statements. Fixed texts, so the database
 * prepares each once per connection.
 *
 * A batch's entries: n (its place in the batch), product_id, machine_id (null on the demo page),
 * vote_type, voter_id, ip_hash, device_class, source, and on the demo page demo_owner_id (the
 * demo operator, whose products alone take demo votes).
 */

const BATCH = `
  select * from jsonb_to_recordset($1::jsonb) as b(
    n int, product_id int, machine_id int, vote_type text, voter_id text, ip_hash text,
    device_class text, source text, demo_owner_id int)`;

/**
 * Makes sure each (machine, product) the batch names has its count row, so the batch statement
 * can lock every row it will change before changing it. Idempotent; a row only ever needs making
 * once. Rows come in product order, as everything that locks products takes them.
 */
export const ENSURE_COUNT_ROWS = `
  insert into machine_product_votes (machine_id, product_id)
  select distinct b.machine_id, b.product_id
  from (${BATCH}) b
  join vending_machines m on m.id = b.machine_id
  join products p on p.id = b.product_id and p.user_id = m.user_id
  order by b.product_id, b.machine_id
  on conflict (machine_id, product_id) do nothing`;

/**
 * Records a batch of votes and moves every counter they touch, in one statement.
 *
 * Locking, the same order for every writer of counts: the batch's products first, in id order
 * (Reset All Votes takes them in the same order for update, so a reset runs wholly before or after
 * a batch, and two batches meet in one order); then the count rows, in key order. Each count is
 * read from its locked row, so it is exact however many instances write.
 *
 * A vote counts only where it may: at a machine, the product must be in the catalogue of the
 * machine's owner and the owner's account not deleted (its vote pages close at once); on the demo
 * page, the product must be the demo operator's. The partial unique index on live votes makes a
 * second vote by the same voter a no-op (within the batch too: the first in the batch stands).
 *
 * Counts move in the order of the votes' ids, each step +1 for up and −1 for down but never below
 * zero. For a scope starting at c with steps whose running sums are S₁…Sₖ, the count after step j
 * is Sⱼ + max(c, −min(S₁…Sⱼ)): the same as taking the steps one at a time, computed at once.
 *
 * Answers one row per entry: whether it was recorded, the scope's owner (null when the vote may
 * not count there), and the scope's count just after that vote. The counter writes answer
 * nothing: PostgreSQL runs a data-modifying WITH to completion whether or not it is read.
 */
export const WRITE_VOTE_BATCH = `
  with batch as (${BATCH}),
  locked_products as (
    select p.id, p.user_id, p.demo_votes from products p
    where p.id in (select product_id from batch)
    order by p.id for no key update),
  locked_machines as (
    select m.id, m.user_id from vending_machines m
    join users u on u.id = m.user_id and u.erase_after is null
    where m.id in (select machine_id from batch where machine_id is not null)
    order by m.id for key share of m),
  allowed as (
    select b.*, p.user_id as owner_id from batch b
    join locked_products p on p.id = b.product_id
    left join locked_machines m on m.id = b.machine_id
    where (b.machine_id is null and p.user_id = b.demo_owner_id)
       or (b.machine_id is not null and m.user_id = p.user_id)),
  ins as (
    insert into votes (product_id, machine_id, vote_type, voter_id, voter_ip_hash, device_class, source)
    select product_id, machine_id, vote_type, voter_id, ip_hash, device_class, source from allowed order by n
    on conflict (voter_id, product_id, coalesce(machine_id, 0)) where archived_at is null do nothing
    returning id, product_id, machine_id, voter_id, vote_type, created_at),
  recorded as (
    select distinct on (i.id) i.*, a.n, a.owner_id from ins i
    join allowed a on a.voter_id = i.voter_id and a.product_id = i.product_id and coalesce(a.machine_id, 0) = coalesce(i.machine_id, 0)
    order by i.id, a.n),
  machine_current as (
    select c.machine_id, c.product_id, c.votes from machine_product_votes c
    where (c.machine_id, c.product_id) in (select machine_id, product_id from ins where machine_id is not null)
    order by c.machine_id, c.product_id for no key update),
  steps as (
    select i.id, i.machine_id, i.product_id, i.vote_type,
      sum(case when i.vote_type = 'up' then 1 else -1 end) over scope_order as running
    from ins i
    window scope_order as (partition by i.machine_id, i.product_id order by i.id)),
  counts as (
    select s.*, coalesce(c.votes, d.demo_votes, 0) as start,
      s.running + greatest(coalesce(c.votes, d.demo_votes, 0), -min(s.running) over scope_order) as after,
      count(*) over (partition by s.machine_id, s.product_id) as cast_count,
      row_number() over (partition by s.machine_id, s.product_id order by s.id desc) as from_last
    from steps s
    left join machine_current c on c.machine_id = s.machine_id and c.product_id = s.product_id
    left join locked_products d on s.machine_id is null and d.id = s.product_id
    window scope_order as (partition by s.machine_id, s.product_id order by s.id)),
  scope_finals as (select * from counts where from_last = 1),
  machine_counted as (
    insert into machine_product_votes (machine_id, product_id, votes, votes_cast)
    select machine_id, product_id, after, cast_count from scope_finals where machine_id is not null
    order by machine_id, product_id
    on conflict (machine_id, product_id) do update
      set votes = excluded.votes, votes_cast = machine_product_votes.votes_cast + excluded.votes_cast),
  totals as (
    update products p
    set votes = p.votes + t.change, demo_votes = coalesce(t.demo_after, p.demo_votes)
    from (
      select product_id, sum(after - start) as change, max(after) filter (where machine_id is null) as demo_after
      from scope_finals group by product_id) t
    where p.id = t.product_id),
  machine_voter_rows as (
    insert into machine_voters (machine_id, voter_id, votes_cast, first_vote_at, last_vote_at)
    select machine_id, voter_id, count(*), min(created_at), max(created_at)
    from ins where machine_id is not null
    group by machine_id, voter_id order by machine_id, voter_id
    on conflict (machine_id, voter_id) do update
      set votes_cast = machine_voters.votes_cast + excluded.votes_cast, last_vote_at = excluded.last_vote_at),
  operator_voter_rows as (
    insert into operator_voters (user_id, voter_id, votes_cast)
    select owner_id, voter_id, count(*) from recorded where machine_id is not null
    group by owner_id, voter_id order by owner_id, voter_id
    on conflict (user_id, voter_id) do update set votes_cast = operator_voters.votes_cast + excluded.votes_cast)
  select b.n, r.id is not null as recorded, a.owner_id, c.after::int as votes
  from batch b
  left join allowed a on a.n = b.n
  left join recorded r on r.n = b.n
  left join counts c on c.id = r.id
  order by b.n`;
