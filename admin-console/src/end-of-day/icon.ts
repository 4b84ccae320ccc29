// The resource's menu icon, apart from its pages so that the menu does not load them.
export { default as icon } from '@mui/icons-material/EventRepeat';
