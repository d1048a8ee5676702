/** The bank fields the Credit Box shows (list and cards); its search answers only these (id, cert and name always come). */
export const creditBoxFields = ['city', 'state', 'assets', 'deposits', 'roa', 'nplRatio', 'tier1CapitalRatio', 'tier1Capital', 'efficiencyRatio'];
