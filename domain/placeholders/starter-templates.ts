import type { TemplateCategory } from '../records/template.ts';

/**
 * Templates every user starts from: copied into the user's own templates, never edited in place.
 * The default email walks through the bank's highlights, performance, asset quality and capitalisation.
 */
export type StarterTemplate = { id: string; name: string; category: TemplateCategory; subject: string; body: string };

export const defaultEmailTemplate: StarterTemplate = {
  id: 'default-email',
  name: 'Bank performance introduction',
  category: 'introduction',
  subject: '{{bankName}}: a look at your {{date reportDate}} results',
  body: `Hi {{fallback contactFirstName "there"}},

I have been following {{bankName}} in {{city}}, {{state}} and wanted to share a few observations from your latest regulatory filing ({{date reportDate}}).

Highlights
- Total assets: {{totalAssets}}
- Total deposits: {{totalDeposits}}
- Net loans and leases: {{totalLoans}}
- Offices: {{officeCount}}

Performance
- Return on assets: {{roa}}
- Return on equity: {{roe}}
- Net interest margin: {{netInterestMargin}}
- Efficiency ratio: {{efficiencyRatio}}
- Net income (year to date): {{netIncome}}

Asset quality
- Noncurrent loan ratio: {{nplRatio}}
- Net charge-off ratio: {{netChargeOffRatio}}
- Allowance to loans: {{allowanceToLoansRatio}}

Capitalization
- Tier 1 risk-based capital ratio: {{tier1CapitalRatio}}
- Tier 1 leverage ratio: {{tier1LeverageRatio}}
- Equity to assets: {{equityToAssetsRatio}}

I would welcome a short call to discuss how we can support {{bankName}}'s plans for the coming quarters.

Best regards,
{{senderName}}`,
};

export const starterTemplates: StarterTemplate[] = [defaultEmailTemplate];
