import { ManualEntryForm } from '../../features/manual-entry/components/manual-entry-form';

export const ManualEntryPage = () => <ManualEntryForm />;
