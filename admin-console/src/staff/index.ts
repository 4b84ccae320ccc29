export { StaffCreate as create, StaffEdit as edit, StaffList as list, StaffShow as show } from './StaffMembers';
