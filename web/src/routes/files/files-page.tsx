import { FilesScreen } from '../../features/files/components/files-screen';

/** /settings/files: files processing. */
export const FilesPage = () => <FilesScreen />;
