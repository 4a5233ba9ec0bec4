import { reachesHiddenDigits } from '@backroom/contract';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePerm } from '../../../core/permission';
import { useSession } from '../../../core/session';

/**
 * The list's note on a keyword that may lie in a masked phone's hidden middle (issue 37): a reader
 * who may not reveal the rows she sees finds such digits only where the mask shows them, and is
 * told to enter the full number. A holder of reveal, and a clerk (her rows are her own, which she
 * may reveal), search every digit, and see no note. The server decides the same (masked-keyword.ts).
 */
export function useWholeNumberNote(revealPerm: string): (keyWord: string) => ReactNode {
  const { t } = useTranslation();
  const holdsReveal = usePerm(revealPerm);
  const ownRowsOnly = useSession((s) => s.userInfo?.userLevel === 'clerk');
  return (keyWord) =>
    holdsReveal || ownRowsOnly || !reachesHiddenDigits(keyWord) ? null : (
      <Alert
        className="customer-search-note"
        type="info"
        showIcon
        message={t('customer.searchWholeNumber')}
        data-testid="search-note"
      />
    );
}
