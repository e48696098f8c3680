import type { Teacher } from '@school/contract/catalogue';
import { PersonAvatar } from './person-avatar';

/** A teacher as a person: picture (or initials), name, title and a short introduction. */
export function TeacherCard({ teacher }: { teacher: Teacher }) {
  return (
    <article className="flex gap-3 rounded-card bg-surface p-3" data-testid="teacher-card">
      <PersonAvatar src={teacher.avatar} name={teacher.name} />
      <div className="min-w-0 flex-1">
        <h3 className="text-sm font-semibold text-ink">{teacher.name}</h3>
        {teacher.title ? <p className="text-xs text-ink-muted">{teacher.title}</p> : null}
        {teacher.introduction ? (
          <p className="mt-1 line-clamp-3 text-xs leading-relaxed text-ink-muted">{teacher.introduction}</p>
        ) : null}
      </div>
    </article>
  );
}

/** Teachers one under another (a product's teachers, an exam's reviewers). */
export function TeacherList({
  teachers,
  className = '',
  testId,
}: {
  teachers: readonly Teacher[];
  className?: string;
  testId?: string;
}) {
  return (
    <ul className={`space-y-2 ${className}`} data-testid={testId}>
      {teachers.map((teacher) => (
        <li key={teacher.id}>
          <TeacherCard teacher={teacher} />
        </li>
      ))}
    </ul>
  );
}
