import { Typography } from 'antd';

/** A refused template's problems (schema paths and reasons), one per line. */
export function ProblemList({ problems }: { problems: readonly string[] }) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="finview-problems">
      {problems.map((problem) => (
        <li key={problem}>
          <Typography.Text code>
            <bdi>{problem}</bdi>
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}
