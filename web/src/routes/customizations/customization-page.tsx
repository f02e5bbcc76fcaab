import { CustomizationSettings } from '../../features/customizations/components/customization-settings';

/** /settings/system/customization: the logo and the sign-in background. */
export const CustomizationPage = () => <CustomizationSettings />;
