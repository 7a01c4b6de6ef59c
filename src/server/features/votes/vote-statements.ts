/**
 * The four forms of the vote statement (machine or demo page, up or down), as fixed SQL texts
 * so the database prepares each once per connection instead of planning it on every vote.
 * Parameters: $1 product id, $2 machine id, $3 vote type, $4 voter id, $5 hashed client address,
 * $6 the device class (or null); at a machine $7 is where the voter came from (shared/scan-sources.ts),
 * on the demo page $2 is unused and $7 is the demo operator's id.
 * At a machine the answer also names the machine's owner, whose open tabs hear of the vote.
 */

/**
 * At a machine, the product must be in the catalogue of the machine's owner, and the owner's
 * account not deleted (its vote pages close at once); checked in place.
 */
const INSERT_MACHINE_VOTE = `
  insert into votes (product_id, machine_id, vote_type, voter_id, voter_ip_hash, device_class, source)
  select p.id, m.id, $3::text, $4::text, $5::text, $6::text, $7::text
  from products p join vending_machines m on m.id = $2::int and m.user_id = p.user_id
  join users u on u.id = m.user_id and u.erase_after is null
  where p.id = $1::int for key share of p, m
  on conflict (voter_id, product_id, coalesce(machine_id, 0)) where archived_at is null do nothing
  returning product_id, created_at, (select user_id from products where id = $1::int) as owner_id`;

const INSERT_DEMO_VOTE = `
  insert into votes (product_id, machine_id, vote_type, voter_id, voter_ip_hash, device_class)
  select p.id, null, $3::text, $4::text, $5::text, $6::text
  from products p where p.id = $1::int and p.user_id = $7::int and $2::int is null for key share
  on conflict (voter_id, product_id, coalesce(machine_id, 0)) where archived_at is null do nothing
  returning product_id, created_at`;

const COUNT_VOTER = `
  insert into machine_voters (machine_id, voter_id, votes_cast, first_vote_at, last_vote_at)
  select $2::int, $4::text, 1, created_at, created_at from ins
  on conflict (machine_id, voter_id) do update
    set votes_cast = machine_voters.votes_cast + 1, last_vote_at = excluded.last_vote_at`;

const COUNT_OPERATOR_VOTER = `
  insert into operator_voters (user_id, voter_id, votes_cast)
  select owner_id, $4::text, 1 from ins
  on conflict (user_id, voter_id) do update set votes_cast = operator_voters.votes_cast + 1`;

export const VOTE_STATEMENTS = {
  'vote-machine-up': `
    with ins as (${INSERT_MACHINE_VOTE}),
    voter as (${COUNT_VOTER}),
    operator_voter as (${COUNT_OPERATOR_VOTER}),
    counted as (
      insert into machine_product_votes (machine_id, product_id, votes, votes_cast)
      select $2::int, product_id, 1, 1 from ins
      on conflict (machine_id, product_id) do update
        set votes = machine_product_votes.votes + 1, votes_cast = machine_product_votes.votes_cast + 1
      returning votes),
    total as (update products set votes = votes + 1 where id = $1::int and exists (select 1 from ins))
    select exists (select 1 from ins) as recorded, (select votes from counted) as votes, (select owner_id from ins) as owner_id`,

  // A down vote lowers a count only while it is above zero; the UPDATE's condition is re-checked
  // against the newest row when votes race. Otherwise the vote is only counted as cast.
  'vote-machine-down': `
    with ins as (${INSERT_MACHINE_VOTE}),
    voter as (${COUNT_VOTER}),
    operator_voter as (${COUNT_OPERATOR_VOTER}),
    lowered as (
      update machine_product_votes set votes = votes - 1, votes_cast = votes_cast + 1
      where machine_id = $2::int and product_id = $1::int and votes > 0 and exists (select 1 from ins)
      returning votes),
    cast_only as (
      insert into machine_product_votes (machine_id, product_id, votes, votes_cast)
      select $2::int, product_id, 0, 1 from ins where not exists (select 1 from lowered)
      on conflict (machine_id, product_id) do update set votes_cast = machine_product_votes.votes_cast + 1
      returning votes),
    total as (update products set votes = greatest(votes - 1, 0) where id = $1::int and exists (select 1 from lowered))
    select exists (select 1 from ins) as recorded, coalesce((select votes from lowered), (select votes from cast_only)) as votes,
      (select owner_id from ins) as owner_id`,

  'vote-demo-up': `
    with ins as (${INSERT_DEMO_VOTE}),
    changed as (
      update products set votes = votes + 1, demo_votes = demo_votes + 1
      where id = $1::int and exists (select 1 from ins) returning demo_votes)
    select exists (select 1 from ins) as recorded,
      coalesce((select demo_votes from changed), (select demo_votes from products where id = $1::int)) as votes`,

  'vote-demo-down': `
    with ins as (${INSERT_DEMO_VOTE}),
    changed as (
      update products set votes = greatest(votes - 1, 0), demo_votes = demo_votes - 1
      where id = $1::int and demo_votes > 0 and exists (select 1 from ins) returning demo_votes)
    select exists (select 1 from ins) as recorded,
      coalesce((select demo_votes from changed), (select demo_votes from products where id = $1::int)) as votes`,
} as const;

export type VoteStatementName = keyof typeof VOTE_STATEMENTS;
