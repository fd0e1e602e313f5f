import { useScoreLabels } from './labels.ts';
import './scores.css';

/** A user's grade as a small coloured tag (elementary, green belt, black belt, black belt master). */
export function GradeTag({ grade }: { grade: string }) {
  const labels = useScoreLabels();
  return (
    <span className={`score-grade score-grade-${grade}`} data-grade={grade}>
      {labels.grade(grade)}
    </span>
  );
}
