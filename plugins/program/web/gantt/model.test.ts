import { describe, expect, it } from 'vitest';
import { chartRange, chartSpan, dayToDate, toChartTask } from './model.ts';

describe('the Gantt chart model', () => {
  it('draws a task to the end of its last day and reads a dropped bar back as inclusive days', () => {
    const bar = toChartTask({ id: 't', num: 'PR1', name: 'Compile', start: '2027-03-30', end: '2027-04-02', progress: 40, critical: true, slack: 0 });
    // the component counts the end as exclusive: the day after the last one
    expect(bar.end).toEqual(dayToDate('2027-04-03'));
    expect(bar.type).toBe('critical');
    // moved three days later in the chart: the same length, the server's inclusive days
    expect(chartRange(dayToDate('2027-04-02'), dayToDate('2027-04-06'))).toEqual({ start: '2027-04-02', end: '2027-04-05' });
  });

  it('keeps a one-day task one day long across a month end and a daylight-saving change', () => {
    const bar = toChartTask({ id: 't', num: 'PR1', name: 'DR', start: '2027-03-28', end: '2027-03-28', progress: 0, critical: false, slack: 3 });
    expect(chartRange(bar.start, bar.end)).toEqual({ start: '2027-03-28', end: '2027-03-28' });
  });

  it('shows milestones as points and spans the plan and its baseline with a margin', () => {
    const milestone = toChartTask({ id: 'm', num: '', name: 'SOP', start: '2027-06-01', end: '2027-06-01', progress: 0, critical: false, slack: 0, milestone: true });
    expect(milestone.type).toBe('milestone');
    expect(milestone.end).toEqual(milestone.start);
    const task = toChartTask({ id: 't', num: 'PR1', name: 'x', start: '2027-05-10', end: '2027-05-12', progress: 0, critical: false, slack: 0, baselineStart: '2027-05-01', baselineEnd: '2027-05-03' });
    const span = chartSpan([milestone, task])!;
    expect(span.start).toEqual(dayToDate('2027-04-24'));
    expect(span.end).toEqual(dayToDate('2027-06-15'));
    expect(chartSpan([])).toBeNull();
  });
});
