import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useIndexMembers } from '@/features/market/api/get-index-members';
import { changeColorClass, formatChange, formatPercent, formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

/**
 * An index's members, heaviest first: price, today's move and weight (capitalisation share as the product computes
 * the level; '---' and a note where a member's shares are not known).
 */
export function IndexMembersCard({ code }: { code: string }) {
  const { t } = useTranslation('market');
  const members = useIndexMembers(code);
  const data = members.data?.code === code ? members.data : undefined;
  const unknownWeights = data ? data.members.some((m) => m.weight_percent === null) : false;
  return (
    <Card data-testid="index-members" data-code={code}>
      <CardHeader>
        <CardTitle className="text-base">
          {t('indices.membersTitle', { code })}
          {data ? (
            <span className="ml-2 text-sm font-normal text-muted-foreground">({data.members.length})</span>
          ) : null}
        </CardTitle>
        <CardDescription data-testid="index-weights-note">
          {data?.weights === 'unknown' ? t('indices.weightsUnknown') : t('indices.weightsNote')}
          {unknownWeights && data?.weights !== 'unknown' ? ` ${t('indices.weightsPartly')}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!data ? (
          members.isError ? (
            <p className="text-sm text-muted-foreground">{t('errors.indices')}</p>
          ) : (
            <Skeleton className="h-64 w-full" />
          )
        ) : (
          <div className="max-h-[32rem] overflow-y-auto">
            <table className="w-full text-sm">
              <thead className="sticky top-0 bg-card text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-2 font-medium">
                    {t('indices.memberColumns.symbol')}
                  </th>
                  <th scope="col" className="py-2 pr-2 text-right font-medium">
                    {t('indices.memberColumns.price')}
                  </th>
                  <th scope="col" className="py-2 pr-2 text-right font-medium">
                    {t('indices.memberColumns.change')}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {t('indices.memberColumns.weight')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {data.members.map((member) => (
                  <tr key={member.symbol} data-testid="index-member" data-symbol={member.symbol}>
                    <td className="max-w-0 py-0 pr-2">
                      <Link
                        to={`/stocks/${member.symbol}`}
                        className="flex min-h-11 flex-col justify-center rounded-sm hover:underline"
                      >
                        <span className="font-semibold">{member.symbol}</span>
                        <span className="truncate text-xs text-muted-foreground">{member.company_name}</span>
                      </Link>
                    </td>
                    <td className="py-1 pr-2 text-right tabular-nums">{formatPrice(member.price)}</td>
                    <td
                      className={cn(
                        'py-1 pr-2 text-right tabular-nums',
                        changeColorClass(member.change_percent),
                      )}
                    >
                      {formatChange(member.change_percent)}
                    </td>
                    <td className="py-1 text-right tabular-nums" data-testid="member-weight">
                      {formatPercent(member.weight_percent, 2)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
