export { REPORT_ROUTE, assertReportReader } from './access.ts';
export { apTrendOf, dfmeaReportOf, pfmeaReportOf, type ApTrend } from './project-reports.ts';
export { countsReport, nodesReport, taskReport, type CountsReport } from './overview.ts';
export { reportWorkbook, type ReportWorkbookInput } from './workbook.ts';
