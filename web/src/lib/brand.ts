/** The product and its vendor, named in the footer, the login screen and the locked-application alert. */
export const PRODUCT_NAME = 'WattWise';
export const PROVIDER_NAME = 'WattWise';
