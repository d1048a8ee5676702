import { expect } from 'chai';
import { chosenOptions, matchSummary, notReportedNotes, creditBoxAddress, creditBoxSearchOf, criteriaToSend, defaultFilterState, filterGroups, LOG_SLIDER_POSITIONS, movedSliderValue, sliderApplies, sliderPosition, sliders, sliderTrack, sliderText, sliderValue, typedSliderValue, optionsValue, withSwitch, withValue } from '../../../frontend/src/lib/credit-box.ts';

describe('credit box filters', () => {
  it('starts with the defaults and switches the screen starts with', () => {
    const state = defaultFilterState();
    expect(state.values).to.include({ minAssets: 0, maxAssets: 100e9, maxNplRatio: 3, minTier1CapitalRatio: 10, minRoa: 0.5, minNetInterestMargin: 2.5, maxEfficiencyRatio: 70, minLoanVolume: 0, loanType: 'All', state: 'All', region: 'All' });
    const on = Object.entries(state.enabled).filter(([, enabled]) => enabled).map(([name]) => name).sort();
    expect(on).to.deep.equal(['maxAssets', 'maxEfficiencyRatio', 'maxNplRatio', 'minAssets', 'minNetInterestMargin', 'minRoa', 'minTier1CapitalRatio']);
  });

  it('has the slider ranges and steps', () => {
    expect(sliders.minAssets).to.include({ min: 0, max: 10e9, step: 100e6 });
    expect(sliders.maxAssets).to.include({ min: 10e6, max: 10e12, step: 1e9 });
    expect(sliders.maxNplRatio).to.include({ min: 0, max: 10, step: 0.1 });
    expect(sliders.minTier1CapitalRatio).to.include({ min: 0, max: 20, step: 0.5 });
    expect(sliders.minRoa).to.include({ min: -2, max: 3, step: 0.1 });
    expect(sliders.minNetInterestMargin).to.include({ min: 0, max: 6, step: 0.1 });
    expect(sliders.maxEfficiencyRatio).to.include({ min: 30, max: 150, step: 1 });
    expect(sliders.minLoanVolume).to.include({ min: 0, max: 1e9, step: 10e6 });
  });

  it('collapses Location, Institutional and Loan Portfolio by default', () => {
    expect(filterGroups.map((group) => [group.title, group.defaultOpen])).to.deep.equal([
      ['Asset Range', true],
      ['Performance', true],
      ['Location', false],
      ['Institutional', false],
      ['Loan Portfolio', false],
    ]);
  });

  it('sends only the asset bounds for the default state', () => {
    expect(criteriaToSend(defaultFilterState())).to.deep.equal({ minAssets: 0, maxAssets: 100e9 });
  });

  it('sends a switched-on filter once it differs from its default and from 0', () => {
    let state = withValue(defaultFilterState(), 'maxNplRatio', 2.5);
    state = withValue(state, 'minRoa', 0);
    expect(criteriaToSend(state)).to.deep.equal({ minAssets: 0, maxAssets: 100e9, maxNplRatio: 2.5 });
  });

  it('says which slider values narrow the search, so the screen can say which do not', () => {
    expect(sliderApplies(sliders.minRoa, 0.5)).to.equal(false);
    expect(sliderApplies(sliders.minRoa, 0)).to.equal(false);
    expect(sliderApplies(sliders.minRoa, 0.6)).to.equal(true);
    expect(sliderApplies(sliders.minAssets, 0)).to.equal(true);
    expect(sliderApplies(sliders.maxAssets, sliders.maxAssets.defaultValue)).to.equal(true);
  });

  it('starts without deposit growth, and once it is on sends it at any value, its default and no growth included', () => {
    expect(filterGroups.find((group) => group.title === 'Performance')!.filters).to.include('minDepositGrowth');
    expect(sliders.minDepositGrowth).to.include({ min: -20, max: 50, step: 1, defaultValue: 5, defaultOn: false, format: 'percent' });
    expect(criteriaToSend(withValue(defaultFilterState(), 'minDepositGrowth', 10))).to.not.have.property('minDepositGrowth');
    const on = withSwitch(defaultFilterState(), 'minDepositGrowth', true);
    expect(criteriaToSend(on)).to.include({ minDepositGrowth: 5 });
    expect(criteriaToSend(withValue(on, 'minDepositGrowth', 0))).to.include({ minDepositGrowth: 0 });
    expect(criteriaToSend(withValue(on, 'minDepositGrowth', -5))).to.include({ minDepositGrowth: -5 });
    const arrived = creditBoxSearchOf('minDepositGrowth=0')!;
    expect(arrived.search.criteria).to.deep.equal({ minDepositGrowth: 0 });
    expect(arrived.filters.enabled).to.include({ minDepositGrowth: true });
  });

  it('leaves out switched-off filters, whatever their value', () => {
    let state = withSwitch(defaultFilterState(), 'minAssets', false);
    state = withValue(state, 'regulator', 'OCC');
    state = withValue(state, 'minLoanVolume', 50e6);
    expect(criteriaToSend(state)).to.deep.equal({ maxAssets: 100e9 });
    state = withSwitch(withSwitch(state, 'regulator', true), 'minLoanVolume', true);
    expect(criteriaToSend(state)).to.deep.equal({ maxAssets: 100e9, regulator: 'OCC', minLoanVolume: 50e6 });
  });

  it("never sends a select left at 'All'", () => {
    const state = withSwitch(defaultFilterState(), 'loanType', true);
    expect(criteriaToSend(state)).to.not.have.property('loanType');
  });

  it('resets the state when a region is chosen and the region when a state is chosen', () => {
    let state = withValue(defaultFilterState(), 'state', 'TX');
    state = withValue(state, 'region', 'West');
    expect(state.values).to.include({ region: 'West', state: 'All' });
    state = withValue(state, 'state', 'OH');
    expect(state.values).to.include({ region: 'All', state: 'OH' });
  });

  it('holds several states at once and sends them as TX,OK, none being All', () => {
    let state = withSwitch(defaultFilterState(), 'state', true);
    expect(chosenOptions(state.values.state)).to.deep.equal([]);
    state = withValue(state, 'state', optionsValue(['TX', 'OK']));
    expect(chosenOptions(state.values.state)).to.deep.equal(['TX', 'OK']);
    expect(criteriaToSend(state)).to.deep.include({ state: 'TX,OK' });
    state = withValue(state, 'state', optionsValue([]));
    expect(state.values.state).to.equal('All');
    expect(criteriaToSend(state)).to.not.have.property('state');
  });

  it('puts the Max Total Assets thumb two thirds along at $100B, where the value reads, not at the far left', () => {
    const spec = sliders.maxAssets;
    const share = sliderPosition(spec, 100e9) / LOG_SLIDER_POSITIONS;
    expect(share).to.be.closeTo(2 / 3, 0.001);
    expect(sliderValue(spec, sliderPosition(spec, 100e9))).to.equal(100e9);
    expect(sliderValue(spec, 0)).to.equal(spec.min);
    expect(sliderValue(spec, LOG_SLIDER_POSITIONS)).to.equal(spec.max);
  });

  it('moves the max assets slider one key press past a power of ten instead of rounding back to it', () => {
    const spec = sliders.maxAssets;
    for (const from of [100e6, 1e9, 10e9, 100e9]) {
      const start = sliderPosition(spec, from);
      expect(movedSliderValue(spec, from, start + 1), `up from ${from}`).to.be.greaterThan(from);
      expect(movedSliderValue(spec, from, start - 1), `down from ${from}`).to.be.lessThan(from);
    }
    expect(movedSliderValue(spec, 100e9, sliderPosition(spec, 100e9) + 1)).to.equal(110e9);
    expect(movedSliderValue(spec, spec.min, 1)).to.equal(11e6);
    // Already at an end: nothing further to go to.
    expect(movedSliderValue(spec, spec.min, 0)).to.equal(spec.min);
    expect(movedSliderValue(spec, spec.max, LOG_SLIDER_POSITIONS)).to.equal(spec.max);
  });

  it('gives every slider a thumb position inside its track for its default, and the default back from it', () => {
    for (const spec of Object.values(sliders)) {
      const track = sliderTrack(spec);
      const position = sliderPosition(spec, spec.defaultValue);
      expect(position, spec.name).to.be.within(track.min, track.max);
      expect(sliderValue(spec, position), spec.name).to.equal(spec.defaultValue);
    }
  });

  it('keeps a search in its address and reads back the same search, with the filters that send it', () => {
    let state = withValue(withValue(defaultFilterState(), 'minAssets', 500e6), 'maxAssets', 2e9);
    state = withValue(state, 'minRoa', 1);
    state = withValue(withSwitch(state, 'state', true), 'state', 'TX,OK');
    const search = { criteria: criteriaToSend(state), page: 2 };
    const address = creditBoxAddress(search);
    expect(address).to.equal('minAssets=500000000&maxAssets=2000000000&minRoa=1&state=TX%2COK&page=2');
    const arrived = creditBoxSearchOf(address)!;
    expect(arrived.search).to.deep.equal(search);
    expect(arrived.filters.values).to.include({ minAssets: 500e6, maxAssets: 2e9, minRoa: 1, state: 'TX,OK' });
    expect(arrived.filters.enabled).to.include({ state: true, minRoa: true, region: false });
  });

  it('reads an address without the asset bounds as a search without them, and leaves out values the screen does not offer', () => {
    const arrived = creditBoxSearchOf('regulator=OCC&loanType=Yachts&maxNplRatio=abc&state=TX,Texas')!;
    expect(arrived.search).to.deep.equal({ criteria: { regulator: 'OCC', state: 'TX' }, page: 1 });
    expect(creditBoxSearchOf('page=3')).to.equal(null);
    expect(creditBoxAddress(null)).to.equal('');
  });

  it('reads an address naming only inherited object names such as constructor as no Credit Box search', () => {
    expect(creditBoxSearchOf('constructor=1')).to.equal(null);
    expect(creditBoxSearchOf('toString=1&__proto__=1&hasOwnProperty=1')).to.equal(null);
  });

  it('says how many results meet every criterion when some only meet a few, and nothing when all do', () => {
    expect(matchSummary(154, 98)).to.equal('98 of them meet every criterion; the other 56 meet some and are ranked below by match.');
    expect(matchSummary(2, 1)).to.equal('1 of them meets every criterion; the other 1 meets some and is ranked below by match.');
    expect(matchSummary(1200, 0)).to.equal('None of the 1,200 meets every criterion: they are ranked by how many they meet.');
    expect(matchSummary(40, 40)).to.equal(null);
    expect(matchSummary(40, undefined)).to.equal(null);
  });
});

describe('a value typed into a credit box slider', () => {
  it('takes dollars whole or with K, M, B or T, with or without $ and commas, between the steps', () => {
    for (const text of ['$250M', '250m', '250,000,000', ' $ 250 M ', '0.25b']) expect(typedSliderValue(sliders.minAssets, text), text).to.deep.equal({ value: 250e6 });
    expect(typedSliderValue(sliders.maxAssets, '1.5T')).to.deep.equal({ value: 1.5e12 });
    expect(typedSliderValue(sliders.minLoanVolume, '$12,345')).to.deep.equal({ value: 12_345 });
  });

  it('takes a percentage with or without %, below zero where the slider goes there', () => {
    expect(typedSliderValue(sliders.maxNplRatio, '1.25%')).to.deep.equal({ value: 1.25 });
    expect(typedSliderValue(sliders.minRoa, '-0.5')).to.deep.equal({ value: -0.5 });
  });

  it('refuses a value outside the slider, saying its range', () => {
    expect(typedSliderValue(sliders.minAssets, '20B')).to.deep.equal({ error: 'Type a value from $0.00 to $10.00B.' });
    expect(typedSliderValue(sliders.maxAssets, '5M')).to.deep.equal({ error: 'Type a value from $10.00M to $10.00T.' });
    expect(typedSliderValue(sliders.maxNplRatio, '-1')).to.deep.equal({ error: 'Type a value from 0% to 10%.' });
  });

  it('refuses what is no number, with an example', () => {
    expect(typedSliderValue(sliders.minAssets, 'lots')).to.deep.equal({ error: 'Type an amount such as $250M or 1.5B, from $0.00 to $10.00B.' });
    expect(typedSliderValue(sliders.minRoa, '')).to.deep.equal({ error: 'Type a percentage such as 1.25, from -2% to 3%.' });
    expect(typedSliderValue(sliders.minAssets, '250%')).to.have.property('error');
  });

  it('shows the value as the screen reads it', () => {
    expect(sliderText(sliders.minAssets, 250e6)).to.equal('$250.00M');
    expect(sliderText(sliders.minRoa, 0.5)).to.equal('0.5%');
  });

  it('says next to a filter that it cannot be met when none of the banks reports what it needs, such as deposits a year earlier', () => {
    const notes = notReportedNotes({ minDepositGrowth: 5, loanType: 'C&I', minRoa: 0.5 }, { total: 4332, notReported: { minDepositGrowth: 4332, loanType: 4332, minRoa: 0 }, quarter: '20250930' });
    expect(notes.map((note) => note.name)).to.deep.equal(['minDepositGrowth', 'loanType']);
    expect(notes[0].filterNote).to.equal('Cannot be met: none of these banks reports its deposits of Q3 2024, a year before these figures.');
    expect(notes[0].text).to.equal('Min Deposit Growth (YoY) cannot be met: none of these banks reports its deposits of Q3 2024, a year before these figures.');
    expect(notes[1].filterNote).to.equal('Cannot be met: none of these banks reports the full breakdown of its loans by type (1-4 family residential, commercial real estate and the other lines) needed to tell its main loan type.');
  });

  it('counts in the results the banks that do not report what a filter needs, without a note by the filter', () => {
    const [one] = notReportedNotes({ minDepositGrowth: 5 }, { total: 120, notReported: { minDepositGrowth: 1 }, quarter: '20250930' });
    expect(one).to.deep.equal({ name: 'minDepositGrowth', filterNote: null, text: '1 bank does not report its deposits of Q3 2024, a year before these figures, so it does not meet Min Deposit Growth (YoY).' });
    const [some] = notReportedNotes({ minLoanVolume: 1e6 }, { total: 120, notReported: { minLoanVolume: 12 }, quarter: '20250930' });
    expect(some.text).to.equal('12 banks do not report their total loans, so they do not meet Min Loan Volume.');
    expect(notReportedNotes({ minRoa: 1 }, { total: 0, notReported: { minRoa: 0 }, quarter: null })).to.deep.equal([]);
    expect(notReportedNotes({ minRoa: 1 }, { total: 10, quarter: '20250930' })).to.deep.equal([]);
  });

  it('leaves out counts an answer gives under inherited object names such as constructor', () => {
    const notReported = JSON.parse('{"constructor": 3, "toString": 3}') as Record<string, number>;
    expect(notReportedNotes({}, { total: 10, notReported, quarter: '20250930' })).to.deep.equal([]);
  });
});
