import type { Knex } from 'knex';
import { bankClosureOf, type BankClosure, type ClosureFacts } from '../../../../domain/bank-closure.ts';

/**
 * SQL (a scalar subquery's body) answering the closure facts (jsonb, see `ClosureFacts`) of the
 * institution whose cert is the SQL expression `cert`, or null unless the regulator lists it as
 * inactive: an active bank costs one index lookup. Its acquisition is its newest structure event
 * naming an acquirer other than itself: the history holds a merger under both banks, and on the
 * acquirer's own event the acquirer is the bank itself (by cert, or by name where no cert is given).
 */
export function closureFactsSql(cert: string): string {
  return `select jsonb_build_object(
      'active', i.active,
      'inactiveDate', i.inactive_date,
      'failure', (select jsonb_build_object('date', f.fail_date, 'acquirer', f.acquirer) from fdic_failures f
        where f.cert = i.cert order by f.fail_date desc nulls last limit 1),
      'acquisition', (select jsonb_build_object('date', h.effective_date, 'acquirer', h.raw->>'ACQ_INSTNAME') from fdic_history h
        where h.cert = i.cert and nullif(h.raw->>'ACQ_INSTNAME', '') is not null
          and case when nullif(h.raw->>'ACQ_CERT', '') is not null then h.raw->>'ACQ_CERT' <> i.cert::text
                   else h.raw->>'ACQ_INSTNAME' is distinct from h.institution_name end
        order by h.effective_date desc nulls last, h.id desc limit 1))
    from fdic_institutions i where i.cert = ${cert} and i.active = false`;
}

/** The closure a looked-up facts column describes (null when the bank is active or unknown). */
export function closureOfFacts(facts: ClosureFacts | null | undefined): BankClosure | null {
  return facts ? bankClosureOf(facts) : null;
}

/** The closure of one institution. */
export async function bankClosure(knex: Knex, cert: number): Promise<BankClosure | null> {
  const result = await knex.raw(`select (${closureFactsSql('?::int')}) as facts`, [cert]);
  return closureOfFacts((result.rows as Array<{ facts: ClosureFacts | null }>)[0]?.facts);
}
