import { PersonAvatar } from '../../../components/catalogue/person-avatar';
import { useRelativeTime } from '../../../lib/use-now';

/** Who wrote a question or an answer (a name and a picture: learners never see more) and when. */
export function AuthorLine({
  nickname,
  avatar,
  createdAt,
}: {
  nickname: string;
  avatar: string | null;
  createdAt: string;
}) {
  const when = useRelativeTime(createdAt);
  return (
    <div className="flex items-center gap-2">
      <PersonAvatar src={avatar} name={nickname} size="sm" />
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-ink">{nickname}</span>
      <time dateTime={createdAt} className="shrink-0 text-xs text-ink-subtle">
        {when}
      </time>
    </div>
  );
}
