/**
 * The antd-mobile parts the first screen (the shell and the home page) uses, imported by their own paths
 * (docs/mobile.md#speed). antd-mobile's index imports every component, so a first-screen file importing from
 * 'antd-mobile' made the bundler treat all of them — and their motion library — as first-screen code, put in files the
 * first screen downloads. Pages loaded later import from 'antd-mobile' as usual.
 */
import 'antd-mobile/es/global';

export { default as Badge } from 'antd-mobile/es/components/badge';
export { default as Button } from 'antd-mobile/es/components/button';
export { default as ConfigProvider } from 'antd-mobile/es/components/config-provider';
export { default as DotLoading } from 'antd-mobile/es/components/dot-loading';
export { default as SafeArea } from 'antd-mobile/es/components/safe-area';
export { default as SearchBar } from 'antd-mobile/es/components/search-bar';
export { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
export { default as ShopbagOutline } from 'antd-mobile-icons/es/ShopbagOutline';
export { default as SoundOutline } from 'antd-mobile-icons/es/SoundOutline';
export { default as UnorderedListOutline } from 'antd-mobile-icons/es/UnorderedListOutline';
