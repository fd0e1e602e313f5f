import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { can, PageHeader, useUser, type AreaPageProps } from '@fmea/sdk';
import './report.css';

/**
 * The report index: one card per report. The user score ranking is the task area's page (task_scoreRanking, the
 * SDK's one ScoreRanking view): the card links there for those who hold it, so there is one ranking page.
 */
export default function ReportIndexPage({ basePath }: AreaPageProps) {
  const user = useUser();
  const cards = [
    { to: `${basePath}/dfmea`, id: 'dfmea', title: <Trans>DFMEA report</Trans>, text: <Trans>AP before and after optimisation, S×O heat maps, open actions, special characteristics, test coverage.</Trans> },
    { to: `${basePath}/pfmea`, id: 'pfmea', title: <Trans>PFMEA and control plan report</Trans>, text: <Trans>The same risk picture, and whether each special characteristic is controlled in the control plan.</Trans> },
    { to: `${basePath}/counts`, id: 'counts', title: <Trans>Counts</Trans>, text: <Trans>FMEA projects by type, review status and site.</Trans> },
    { to: `${basePath}/nodes`, id: 'nodes', title: <Trans>Nodes</Trans>, text: <Trans>Structure nodes, functions, failures and chains per project.</Trans> },
    { to: `${basePath}/tasks`, id: 'tasks', title: <Trans>Task report</Trans>, text: <Trans>Tasks by status and handler, overdue ones marked.</Trans> },
  ];
  return (
    <div className="page rpt-page" data-testid="rpt-index">
      <PageHeader title={<Trans>Reports</Trans>} />
      <div className="rpt-cards">
        {cards.map((c) => (
          <Link key={c.id} href={c.to} className="rpt-card" data-testid={`rpt-card-${c.id}`}>
            <h3>{c.title}</h3>
            <p>{c.text}</p>
          </Link>
        ))}
        {can(user, 'task_scoreRanking') ? (
          <Link href="/main/taskIndex/scoreRanking" className="rpt-card" data-testid="rpt-card-ranking">
            <h3>
              <Trans>User score ranking</Trans>
            </h3>
            <p>
              <Trans>Contribution and activity scores, in the task area.</Trans>
            </p>
          </Link>
        ) : null}
      </div>
    </div>
  );
}
