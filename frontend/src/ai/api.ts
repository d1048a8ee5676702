import { http } from '../providers/http.ts';

/**
 * Typed calls to the AI endpoints. Each answer names the provider that wrote it ('gemini' or
 * 'offline'); a failure throws with the server's message, which already carries the feature's
 * error text ('Error during AI analysis: ...' and the like).
 */

export type ProviderName = 'gemini' | 'offline';
type Answered = { provider: ProviderName; providerLabel?: string };

export type Executive = { name: string; title: string; email?: string; linkedinUrl?: string };
export type GeneratedTemplate = { name: string; category: 'introduction' | 'follow-up' | 'check-in' | 'custom'; subject: string; body: string };
export type GeneratedWorkflow = { name: string; steps: Array<{ day: number; type: 'Email' | 'LinkedIn Visit'; templateId?: string }> };
export type NewsArticle = { title: string; uri: string; source: string; snippet: string };
export type AnalysisKind = 'summary' | 'risk' | 'peers';
/** A bank analysis and the quarter (report date, YYYYMMDD) whose figures it comments on; null when not known. */
export type Analysis = Answered & { analysis: string; quarter: string | null };

const gemini = (path: string) => `/api/services/gemini/${path}`;

export const providerNames: Record<ProviderName, string> = { gemini: 'Gemini', offline: 'Offline analyst' };

export const aiApi = {
  test: () => http.post<Answered & { success: boolean; message: string }>(gemini('test'), {}),
  findExecutives: (bankName: string) => http.post<Answered & { executives: Executive[] }>(gemini('find-executives'), { bankName }),
  findLeads: (domain: string) => http.post<Answered & { contacts: Executive[]; message?: string }>(gemini('find-leads'), { domain }),
  // `again`: Regenerate, a new text rather than the one the server keeps for five minutes. `quarter`: the
  // report date (YYYYMMDD) the figures are of; the summary is of the bank's newest.
  analyzeBank: (bankData: Record<string, unknown>, cert: number, again = false) => http.post<Analysis>(gemini('analyze-bank'), { bankData, cert, again }),
  analyzeRisk: (bankData: Record<string, unknown>, cert: number, quarter: string, again = false) => http.post<Analysis>(gemini('analyze-risk'), { bankData, cert, quarter, again }),
  analyzePeers: (targetBankData: Record<string, unknown>, peerAnalysisData: Record<string, unknown>, cert: number, quarter: string, again = false) =>
    http.post<Analysis>(gemini('analyze-peer-comparison'), { targetBankData, peerAnalysisData, cert, quarter, again }),
  generateEmail: (payload: { contactName?: string; contactTitle?: string; bankName?: string; subject: string; [key: string]: unknown }) => http.post<Answered & { body: string }>(gemini('generate-email'), payload),
  generateTemplate: (prompt: string) => http.post<Answered & { template: GeneratedTemplate | null }>(gemini('generate-template'), { prompt }),
  /** The template rewritten to read better; null when the AI gave no rewrite it could offer. */
  improveTemplate: (template: GeneratedTemplate) => http.post<Answered & { template: GeneratedTemplate | null }>(gemini('improve-template'), { template }),
  generateWorkflow: (prompt: string, availableTemplates: Array<{ id: string; name: string; category?: string; subject?: string }>) =>
    http.post<Answered & { workflow: GeneratedWorkflow | null }>(gemini('generate-workflow'), { prompt, availableTemplates }),
  findBankDomain: (bankName: string) => http.post<Answered & { domain: string | null }>(gemini('find-bank-domain'), { bankName }),
  bankNews: (bankName: string) => http.post<Answered & { summary: string; articles: NewsArticle[] }>(gemini('get-bank-news'), { bankName }),
  /**
   * The saved analysis of a bank of the quarter given (else of the newest saved), with who wrote it and
   * the quarter it comments on (null: not known); null when none is saved.
   */
  saved: (cert: number, kind: AnalysisKind, quarter?: string) =>
    http.get<{ content: string; provider: ProviderName; quarter: string | null; updatedAt: string } | null>(
      `/api/data/ai-analysis/${cert}/${kind}${quarter ? `?quarter=${quarter}` : ''}`,
    ),
};
