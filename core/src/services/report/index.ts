export { REPORT_ROUTE, assertReportReader } from './access.ts';
export { apTrendOf, dfmeaReportOf, pfmeaReportOf, type ApTrend } from './project-reports.ts';
export { countsReport, nodesReport, taskReport, type CountsReport } from './overview.ts';
export { reportSections, reportWorkbook, type ReportSection, type ReportWorkbookInput } from './workbook.ts';
export { reportHtml } from './html.ts';
export { fmeaFormOf, type FmeaForm } from './form.ts';
