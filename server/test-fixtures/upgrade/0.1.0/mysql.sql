/*M!999999\- enable the sandbox mode */ 

/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET @OLD_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS */;
/*!40101 SET @OLD_COLLATION_CONNECTION=@@COLLATION_CONNECTION */;
/*!40101 SET NAMES utf8mb4 */;
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;
DROP TABLE IF EXISTS `base_sys_conf`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `base_sys_conf` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `createTime` varchar(19) NOT NULL,
  `updateTime` varchar(19) NOT NULL,
  `cKey` varchar(100) NOT NULL,
  `cValue` varchar(2000) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `cKey` (`cKey`)
) ENGINE=InnoDB AUTO_INCREMENT=6 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `base_sys_conf` WRITE;
/*!40000 ALTER TABLE `base_sys_conf` DISABLE KEYS */;
INSERT INTO `base_sys_conf` VALUES
(1,'2026-11-25 00:35:54','2026-11-25 00:35:54','seed:menus:base','1'),
(2,'2026-11-25 00:35:54','2026-11-25 00:35:54','seed:menus:recycle','1'),
(3,'2026-11-25 00:35:54','2026-11-25 00:35:54','seed:menus:dict','1'),
(4,'2026-11-25 00:35:54','2026-11-25 00:35:54','seed:menus:space','1'),
(5,'2026-11-25 00:35:54','2026-11-25 00:35:54','seed:menus:task','1');
/*!40000 ALTER TABLE `base_sys_conf` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `base_sys_department`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `base_sys_department` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `createTime` varchar(19) NOT NULL,
  `updateTime` varchar(19) NOT NULL,
  `name` varchar(100) NOT NULL,
  `userId` int(11) DEFAULT NULL,
  `parentId` int(11) DEFAULT NULL,
  `orderNum` int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY (`id`),
  KEY `idx_base_sys_department_parentId` (`parentId`),
  KEY `idx_base_sys_department_createTime` (`createTime`)
) ENGINE=InnoDB AUTO_INCREMENT=8 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `base_sys_department` WRITE;
/*!40000 ALTER TABLE `base_sys_department` DISABLE KEYS */;
INSERT INTO `base_sys_department` VALUES
(1,'2026-11-25 00:35:54','2026-11-25 00:35:54','总部',NULL,NULL,0),
(2,'2026-11-25 00:35:54','2026-11-25 00:35:54','门店运营部',NULL,1,1),
(3,'2026-11-25 00:35:54','2026-11-25 00:35:54','华东区',NULL,2,1),
(4,'2026-11-25 00:35:54','2026-11-25 00:35:54','华南区',NULL,2,2),
(5,'2026-11-25 00:35:54','2026-11-25 00:35:54','财务部',NULL,1,2),
(6,'2026-11-25 00:35:54','2026-11-25 00:35:54','人力资源部',NULL,1,3),
(7,'2026-11-25 00:35:54','2026-11-25 00:35:54','Fixture store',1,1,5);
/*!40000 ALTER TABLE `base_sys_department` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `base_sys_log`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `base_sys_log` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `createTime` varchar(19) NOT NULL,
  `updateTime` varchar(19) NOT NULL,
  `userId` int(11) DEFAULT NULL,
  `action` varchar(255) NOT NULL,
  `ip` varchar(64) DEFAULT NULL,
  `params` mediumtext DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `idx_base_sys_log_userId` (`userId`),
  KEY `idx_base_sys_log_createTime` (`createTime`)
) ENGINE=InnoDB AUTO_INCREMENT=29 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `base_sys_log` WRITE;
/*!40000 ALTER TABLE `base_sys_log` DISABLE KEYS */;
INSERT INTO `base_sys_log` VALUES
(1,'2026-11-25 00:35:54','2026-11-25 00:35:54',NULL,'/admin/base/open/eps','127.0.0.1','{}'),
(2,'2026-11-25 00:35:54','2026-11-25 00:35:54',NULL,'/admin/base/open/login','127.0.0.1','{\"username\":\"admin\",\"password\":\"******\"}'),
(3,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/base/sys/department/list','127.0.0.1','{}'),
(4,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/base/sys/department/add','127.0.0.1','{\"name\":\"Fixture store\",\"parentId\":1,\"orderNum\":5}'),
(5,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/base/sys/menu/list','127.0.0.1','{}'),
(6,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/base/sys/role/add','127.0.0.1','{\"name\":\"Fixture manager\",\"label\":\"fixture-manager\",\"remark\":\"made by the upgrade fixture\",\"relevance\":true,\"menuIdList\":[15,16,17,18,19,20,21,22,23,24,25],\"departmentIdList\":[7]}'),
(7,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/base/sys/user/add','127.0.0.1','{\"username\":\"fixture0\",\"password\":\"******\",\"name\":\"Fixture 0\",\"nickName\":\"F0\",\"phone\":\"13800000000\",\"email\":\"f0@example.com\",\"departmentId\":7,\"userLevel\":\"storeManger\",\"roleIdList\":[2],\"remark\":\"店长\"}'),
(8,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/base/sys/user/add','127.0.0.1','{\"username\":\"fixture1\",\"password\":\"******\",\"name\":\"Fixture 1\",\"nickName\":\"F1\",\"phone\":\"13800000001\",\"email\":\"f1@example.com\",\"departmentId\":7,\"userLevel\":\"clerk\",\"roleIdList\":[2],\"remark\":null}'),
(9,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/base/sys/user/add','127.0.0.1','{\"username\":\"fixture2\",\"password\":\"******\",\"name\":\"Fixture 2\",\"nickName\":\"F2\",\"phone\":\"13800000002\",\"email\":\"f2@example.com\",\"departmentId\":7,\"userLevel\":\"clerk\",\"roleIdList\":[2],\"remark\":null}'),
(10,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/base/sys/user/add','127.0.0.1','{\"username\":\"fixture3\",\"password\":\"******\",\"name\":\"Fixture 3\",\"nickName\":\"F3\",\"phone\":\"13800000003\",\"email\":\"f3@example.com\",\"departmentId\":7,\"userLevel\":\"hr\",\"roleIdList\":[2],\"remark\":null}'),
(11,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/base/sys/user/delete','127.0.0.1','{\"ids\":[5]}'),
(12,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/base/sys/param/add','127.0.0.1','{\"keyName\":\"fixtureParam\",\"name\":\"Fixture param\",\"data\":\"{\\\"a\\\":1}\",\"dataType\":0,\"remark\":\"fixture\"}'),
(13,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/base/sys/menu/add','127.0.0.1','{\"parentId\":null,\"name\":\"Fixture link\",\"type\":1,\"router\":\"/fixture\",\"viewPath\":\"https://example.com\",\"icon\":\"icon-menu\",\"orderNum\":99,\"keepAlive\":true,\"isShow\":false}'),
(14,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/dict/type/add','127.0.0.1','{\"name\":\"Fixture dictionary\",\"key\":\"fixtureDict\"}'),
(15,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/dict/info/add','127.0.0.1','{\"typeId\":5,\"name\":\"Parent\",\"value\":\"p\",\"orderNum\":1,\"parentId\":null}'),
(16,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/dict/info/add','127.0.0.1','{\"typeId\":5,\"name\":\"Child\",\"value\":\"c\",\"orderNum\":2,\"parentId\":24}'),
(17,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/task/info/add','127.0.0.1','{\"name\":\"Fixture task\",\"service\":\"task:demo\",\"taskType\":1,\"every\":3600000,\"status\":0,\"data\":\"{}\"}'),
(18,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/task/info/once','127.0.0.1','{\"id\":3}'),
(19,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/space/type/add','127.0.0.1','{\"name\":\"Fixture files\",\"parentId\":null}'),
(20,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'/admin/base/comm/upload','127.0.0.1',NULL),
(21,'2026-11-25 00:35:55','2026-11-25 00:35:55',1,'/admin/space/info/add','127.0.0.1','{\"url\":\"/upload/20261125/61a4cd2b-c528-44da-b37c-b18d81a2f045.png\",\"type\":\"image\",\"name\":\"pixel.png\",\"size\":70,\"classifyId\":1}'),
(22,'2026-11-25 00:35:55','2026-11-25 00:35:55',1,'/admin/space/info/add','127.0.0.1','{\"url\":\"/upload/20261125/61a4cd2b-c528-44da-b37c-b18d81a2f045.png\",\"type\":\"image\",\"name\":\"pixel copy.png\",\"size\":70,\"classifyId\":1}'),
(23,'2026-11-25 00:35:55','2026-11-25 00:35:55',1,'/admin/space/info/delete','127.0.0.1','{\"ids\":[1]}'),
(24,'2026-11-25 00:35:55','2026-11-25 00:35:55',NULL,'/admin/base/open/login','127.0.0.1','{\"username\":\"fixture1\",\"password\":\"******\"}'),
(25,'2026-11-25 00:35:55','2026-11-25 00:35:55',3,'/admin/base/comm/person','127.0.0.1','{}'),
(26,'2026-11-25 00:35:55','2026-11-25 00:35:55',3,'/admin/base/comm/logout','127.0.0.1','{}'),
(27,'2026-11-25 00:35:55','2026-11-25 00:35:55',1,'/admin/base/sys/log/page','127.0.0.1','{\"page\":1,\"size\":10}'),
(28,'2026-11-25 00:35:55','2026-11-25 00:35:55',1,'/admin/task/info/log','127.0.0.1','{\"id\":\"3\",\"page\":\"1\",\"size\":\"10\"}');
/*!40000 ALTER TABLE `base_sys_log` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `base_sys_menu`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `base_sys_menu` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `createTime` varchar(19) NOT NULL,
  `updateTime` varchar(19) NOT NULL,
  `parentId` int(11) DEFAULT NULL,
  `name` varchar(100) NOT NULL,
  `router` varchar(255) DEFAULT NULL,
  `perms` varchar(2000) DEFAULT NULL,
  `type` int(11) NOT NULL DEFAULT 0,
  `icon` varchar(100) DEFAULT NULL,
  `orderNum` int(11) NOT NULL DEFAULT 0,
  `viewPath` varchar(255) DEFAULT NULL,
  `keepAlive` tinyint(1) NOT NULL DEFAULT 1,
  `isShow` tinyint(1) NOT NULL DEFAULT 1,
  PRIMARY KEY (`id`),
  KEY `idx_base_sys_menu_parentId` (`parentId`),
  KEY `idx_base_sys_menu_createTime` (`createTime`)
) ENGINE=InnoDB AUTO_INCREMENT=59 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `base_sys_menu` WRITE;
/*!40000 ALTER TABLE `base_sys_menu` DISABLE KEYS */;
INSERT INTO `base_sys_menu` VALUES
(1,'2026-11-25 00:35:54','2026-11-25 00:35:54',NULL,'系统管理','/sys',NULL,0,'icon-system',2,NULL,1,1),
(2,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'权限管理',NULL,NULL,0,'icon-auth',1,NULL,1,1),
(3,'2026-11-25 00:35:54','2026-11-25 00:35:54',2,'菜单列表','/sys/menu',NULL,1,'icon-menu',2,'modules/base/views/menu/index.vue',1,1),
(4,'2026-11-25 00:35:54','2026-11-25 00:35:54',3,'查询',NULL,'base:sys:menu:page,base:sys:menu:list,base:sys:menu:info',2,NULL,1,NULL,1,1),
(5,'2026-11-25 00:35:54','2026-11-25 00:35:54',3,'新增',NULL,'base:sys:menu:add',2,NULL,2,NULL,1,1),
(6,'2026-11-25 00:35:54','2026-11-25 00:35:54',3,'修改',NULL,'base:sys:menu:info,base:sys:menu:update',2,NULL,3,NULL,1,1),
(7,'2026-11-25 00:35:54','2026-11-25 00:35:54',3,'删除',NULL,'base:sys:menu:delete',2,NULL,4,NULL,1,1),
(8,'2026-11-25 00:35:54','2026-11-25 00:35:54',3,'导出',NULL,'base:sys:menu:export',2,NULL,5,NULL,1,1),
(9,'2026-11-25 00:35:54','2026-11-25 00:35:54',3,'导入',NULL,'base:sys:menu:import',2,NULL,6,NULL,1,1),
(10,'2026-11-25 00:35:54','2026-11-25 00:35:54',2,'角色列表','/sys/role',NULL,1,'icon-dept',3,'modules/base/views/role.vue',1,1),
(11,'2026-11-25 00:35:54','2026-11-25 00:35:54',10,'查询',NULL,'base:sys:role:page,base:sys:role:list,base:sys:role:info',2,NULL,1,NULL,1,1),
(12,'2026-11-25 00:35:54','2026-11-25 00:35:54',10,'新增',NULL,'base:sys:role:add',2,NULL,2,NULL,1,1),
(13,'2026-11-25 00:35:54','2026-11-25 00:35:54',10,'修改',NULL,'base:sys:role:info,base:sys:role:update',2,NULL,3,NULL,1,1),
(14,'2026-11-25 00:35:54','2026-11-25 00:35:54',10,'删除',NULL,'base:sys:role:delete',2,NULL,4,NULL,1,1),
(15,'2026-11-25 00:35:54','2026-11-25 00:35:54',2,'用户列表','/sys/user',NULL,1,'icon-user',0,'modules/base/views/user/index.vue',1,1),
(16,'2026-11-25 00:35:54','2026-11-25 00:35:54',15,'查询',NULL,'base:sys:user:page,base:sys:user:list,base:sys:user:info',2,NULL,1,NULL,1,1),
(17,'2026-11-25 00:35:54','2026-11-25 00:35:54',15,'新增',NULL,'base:sys:user:add',2,NULL,2,NULL,1,1),
(18,'2026-11-25 00:35:54','2026-11-25 00:35:54',15,'修改',NULL,'base:sys:user:info,base:sys:user:update',2,NULL,3,NULL,1,1),
(19,'2026-11-25 00:35:54','2026-11-25 00:35:54',15,'删除',NULL,'base:sys:user:delete',2,NULL,4,NULL,1,1),
(20,'2026-11-25 00:35:54','2026-11-25 00:35:54',15,'用户转移',NULL,'base:sys:user:move',2,NULL,5,NULL,1,1),
(21,'2026-11-25 00:35:54','2026-11-25 00:35:54',15,'部门列表',NULL,'base:sys:department:list',2,NULL,6,NULL,1,1),
(22,'2026-11-25 00:35:54','2026-11-25 00:35:54',15,'新增部门',NULL,'base:sys:department:add',2,NULL,7,NULL,1,1),
(23,'2026-11-25 00:35:54','2026-11-25 00:35:54',15,'更新部门',NULL,'base:sys:department:update',2,NULL,8,NULL,1,1),
(24,'2026-11-25 00:35:54','2026-11-25 00:35:54',15,'删除部门',NULL,'base:sys:department:delete',2,NULL,9,NULL,1,1),
(25,'2026-11-25 00:35:54','2026-11-25 00:35:54',15,'部门排序',NULL,'base:sys:department:order',2,NULL,10,NULL,1,1),
(26,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'参数配置',NULL,NULL,0,'icon-params',3,NULL,1,1),
(27,'2026-11-25 00:35:54','2026-11-25 00:35:54',26,'参数列表','/sys/param',NULL,1,'icon-menu',0,'modules/base/views/param.vue',1,1),
(28,'2026-11-25 00:35:54','2026-11-25 00:35:54',27,'查询',NULL,'base:sys:param:page,base:sys:param:list,base:sys:param:info',2,NULL,1,NULL,1,1),
(29,'2026-11-25 00:35:54','2026-11-25 00:35:54',27,'新增',NULL,'base:sys:param:add',2,NULL,2,NULL,1,1),
(30,'2026-11-25 00:35:54','2026-11-25 00:35:54',27,'修改',NULL,'base:sys:param:info,base:sys:param:update',2,NULL,3,NULL,1,1),
(31,'2026-11-25 00:35:54','2026-11-25 00:35:54',27,'删除',NULL,'base:sys:param:delete',2,NULL,4,NULL,1,1),
(32,'2026-11-25 00:35:54','2026-11-25 00:35:54',27,'网页内容',NULL,'base:sys:param:html',2,NULL,5,NULL,1,1),
(33,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'监控管理',NULL,NULL,0,'icon-monitor',9,NULL,1,1),
(34,'2026-11-25 00:35:54','2026-11-25 00:35:54',33,'请求日志','/sys/log',NULL,1,'icon-log',1,'modules/base/views/log.vue',1,1),
(35,'2026-11-25 00:35:54','2026-11-25 00:35:54',34,'权限',NULL,'base:sys:log:page,base:sys:log:clear,base:sys:log:getKeep,base:sys:log:setKeep',2,NULL,1,NULL,1,1),
(36,'2026-11-25 00:35:54','2026-11-25 00:35:54',NULL,'数据管理',NULL,NULL,0,'icon-data',7,NULL,1,1),
(37,'2026-11-25 00:35:54','2026-11-25 00:35:54',36,'数据回收站','/recycle/data',NULL,1,'icon-delete',6,'modules/recycle/views/data.vue',1,1),
(38,'2026-11-25 00:35:54','2026-11-25 00:35:54',37,'分页查询',NULL,'recycle:data:page',2,NULL,0,NULL,1,1),
(39,'2026-11-25 00:35:54','2026-11-25 00:35:54',37,'单个信息',NULL,'recycle:data:info',2,NULL,0,NULL,1,1),
(40,'2026-11-25 00:35:54','2026-11-25 00:35:54',37,'恢复数据',NULL,'recycle:data:restore',2,NULL,0,NULL,1,1),
(41,'2026-11-25 00:35:54','2026-11-25 00:35:54',36,'字典管理','/dict/list',NULL,1,'icon-dict',3,'modules/dict/views/list.vue',1,1),
(42,'2026-11-25 00:35:54','2026-11-25 00:35:54',41,'查询',NULL,'dict:info:page,dict:info:list,dict:info:info,dict:type:page,dict:type:list,dict:type:info',2,NULL,1,NULL,1,1),
(43,'2026-11-25 00:35:54','2026-11-25 00:35:54',41,'新增',NULL,'dict:info:add',2,NULL,2,NULL,1,1),
(44,'2026-11-25 00:35:54','2026-11-25 00:35:54',41,'修改',NULL,'dict:info:info,dict:info:update',2,NULL,3,NULL,1,1),
(45,'2026-11-25 00:35:54','2026-11-25 00:35:54',41,'删除',NULL,'dict:info:delete',2,NULL,4,NULL,1,1),
(46,'2026-11-25 00:35:54','2026-11-25 00:35:54',41,'类型管理',NULL,'dict:type:add,dict:type:update,dict:type:delete',2,NULL,5,NULL,1,1),
(47,'2026-11-25 00:35:54','2026-11-25 00:35:54',36,'文件管理','/space/list',NULL,1,'icon-log',5,'modules/space/views/list.vue',1,1),
(48,'2026-11-25 00:35:54','2026-11-25 00:35:54',47,'查询',NULL,'space:info:page,space:info:list,space:info:info,space:type:list,space:type:page,space:type:info',2,NULL,1,NULL,1,1),
(49,'2026-11-25 00:35:54','2026-11-25 00:35:54',47,'上传',NULL,'space:info:add',2,NULL,2,NULL,1,1),
(50,'2026-11-25 00:35:54','2026-11-25 00:35:54',47,'修改',NULL,'space:info:info,space:info:update',2,NULL,3,NULL,1,1),
(51,'2026-11-25 00:35:54','2026-11-25 00:35:54',47,'删除',NULL,'space:info:delete',2,NULL,4,NULL,1,1),
(52,'2026-11-25 00:35:54','2026-11-25 00:35:54',47,'分类管理',NULL,'space:type:list,space:type:add,space:type:update,space:type:delete',2,NULL,5,NULL,1,1),
(53,'2026-11-25 00:35:54','2026-11-25 00:35:54',NULL,'通用',NULL,NULL,0,'icon-radioboxfill',99,NULL,1,0),
(54,'2026-11-25 00:35:54','2026-11-25 00:35:54',53,'图片上传',NULL,'space:info:page,space:info:list,space:info:info,space:info:add,space:type:list,space:type:add',2,NULL,1,NULL,1,1),
(55,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'任务管理',NULL,NULL,0,'icon-activity',9,NULL,1,1),
(56,'2026-11-25 00:35:54','2026-11-25 00:35:54',55,'任务列表','/task/list',NULL,1,'icon-menu',0,'modules/task/views/list.vue',1,1),
(57,'2026-11-25 00:35:54','2026-11-25 00:35:54',56,'权限',NULL,'task:info:page,task:info:list,task:info:info,task:info:add,task:info:delete,task:info:update,task:info:stop,task:info:start,task:info:once,task:info:log,task:info:handlers',2,NULL,0,NULL,1,1),
(58,'2026-11-25 00:35:54','2026-11-25 00:35:54',NULL,'Fixture link','/fixture',NULL,1,'icon-menu',99,'https://example.com',1,0);
/*!40000 ALTER TABLE `base_sys_menu` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `base_sys_param`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `base_sys_param` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `createTime` varchar(19) NOT NULL,
  `updateTime` varchar(19) NOT NULL,
  `keyName` varchar(100) NOT NULL,
  `name` varchar(100) NOT NULL,
  `data` mediumtext DEFAULT NULL,
  `dataType` int(11) NOT NULL DEFAULT 0,
  `remark` varchar(500) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uq_base_sys_param_keyName` (`keyName`),
  KEY `idx_base_sys_param_createTime` (`createTime`)
) ENGINE=InnoDB AUTO_INCREMENT=4 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `base_sys_param` WRITE;
/*!40000 ALTER TABLE `base_sys_param` DISABLE KEYS */;
INSERT INTO `base_sys_param` VALUES
(1,'2026-11-25 00:35:54','2026-11-25 00:35:54','storeNotice','门店公告','<p>欢迎使用 Backroom 门店后台。</p>',1,'富文本示例'),
(2,'2026-11-25 00:35:54','2026-11-25 00:35:54','discountRule','折扣规则','{\"maxDiscount\":0.2,\"memberOnly\":true}',0,'JSON 示例'),
(3,'2026-11-25 00:35:54','2026-11-25 00:35:54','fixtureParam','Fixture param','{\"a\":1}',0,'fixture');
/*!40000 ALTER TABLE `base_sys_param` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `base_sys_revoked`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `base_sys_revoked` (
  `sid` varchar(64) NOT NULL,
  `expireAt` bigint(20) NOT NULL,
  PRIMARY KEY (`sid`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `base_sys_revoked` WRITE;
/*!40000 ALTER TABLE `base_sys_revoked` DISABLE KEYS */;
INSERT INTO `base_sys_revoked` VALUES
('10d54bd6-1ccf-49f6-b3fd-a7b4a25ddf87',1796862955);
/*!40000 ALTER TABLE `base_sys_revoked` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `base_sys_role`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `base_sys_role` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `createTime` varchar(19) NOT NULL,
  `updateTime` varchar(19) NOT NULL,
  `userId` int(11) DEFAULT NULL,
  `name` varchar(100) NOT NULL,
  `label` varchar(50) NOT NULL,
  `remark` varchar(500) DEFAULT NULL,
  `relevance` tinyint(1) NOT NULL DEFAULT 0,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uq_base_sys_role_label` (`label`),
  KEY `idx_base_sys_role_createTime` (`createTime`)
) ENGINE=InnoDB AUTO_INCREMENT=3 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `base_sys_role` WRITE;
/*!40000 ALTER TABLE `base_sys_role` DISABLE KEYS */;
INSERT INTO `base_sys_role` VALUES
(1,'2026-11-25 00:35:54','2026-11-25 00:35:54',NULL,'超级管理员','admin','拥有全部权限与全部部门的数据权限',1),
(2,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'Fixture manager','fixture-manager','made by the upgrade fixture',1);
/*!40000 ALTER TABLE `base_sys_role` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `base_sys_role_department`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `base_sys_role_department` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `roleId` int(11) NOT NULL,
  `departmentId` int(11) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uq_base_sys_role_department` (`roleId`,`departmentId`),
  KEY `idx_base_sys_role_department_departmentId` (`departmentId`)
) ENGINE=InnoDB AUTO_INCREMENT=2 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `base_sys_role_department` WRITE;
/*!40000 ALTER TABLE `base_sys_role_department` DISABLE KEYS */;
INSERT INTO `base_sys_role_department` VALUES
(1,2,7);
/*!40000 ALTER TABLE `base_sys_role_department` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `base_sys_role_menu`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `base_sys_role_menu` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `roleId` int(11) NOT NULL,
  `menuId` int(11) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uq_base_sys_role_menu` (`roleId`,`menuId`),
  KEY `idx_base_sys_role_menu_menuId` (`menuId`)
) ENGINE=InnoDB AUTO_INCREMENT=12 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `base_sys_role_menu` WRITE;
/*!40000 ALTER TABLE `base_sys_role_menu` DISABLE KEYS */;
INSERT INTO `base_sys_role_menu` VALUES
(1,2,15),
(2,2,16),
(3,2,17),
(4,2,18),
(5,2,19),
(6,2,20),
(7,2,21),
(8,2,22),
(9,2,23),
(10,2,24),
(11,2,25);
/*!40000 ALTER TABLE `base_sys_role_menu` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `base_sys_user`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `base_sys_user` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `createTime` varchar(19) NOT NULL,
  `updateTime` varchar(19) NOT NULL,
  `departmentId` int(11) DEFAULT NULL,
  `userId` int(11) DEFAULT NULL,
  `name` varchar(100) DEFAULT NULL,
  `username` varchar(100) NOT NULL,
  `password` varchar(255) NOT NULL,
  `passwordV` int(11) NOT NULL DEFAULT 1,
  `nickName` varchar(100) DEFAULT NULL,
  `headImg` varchar(500) DEFAULT NULL,
  `phone` varchar(20) DEFAULT NULL,
  `email` varchar(100) DEFAULT NULL,
  `remark` varchar(500) DEFAULT NULL,
  `status` int(11) NOT NULL DEFAULT 1,
  `userLevel` varchar(50) NOT NULL DEFAULT 'clerk',
  `socketId` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uq_base_sys_user_username` (`username`),
  KEY `idx_base_sys_user_departmentId` (`departmentId`),
  KEY `idx_base_sys_user_phone` (`phone`),
  KEY `idx_base_sys_user_createTime` (`createTime`)
) ENGINE=InnoDB AUTO_INCREMENT=6 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `base_sys_user` WRITE;
/*!40000 ALTER TABLE `base_sys_user` DISABLE KEYS */;
INSERT INTO `base_sys_user` VALUES
(1,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,NULL,'超级管理员','admin','scrypt$16384$8$1$IpWRCH5dDyRbH3m+L/6ZbA==$1iTN4NGGiQ0XTOOUBeTXJ25yOpHVHEyDKdAxjT55oKs=',1,'管理员',NULL,NULL,NULL,'拥有最高权限的用户',1,'clerk',NULL),
(2,'2026-11-25 00:35:54','2026-11-25 00:35:54',7,1,'Fixture 0','fixture0','scrypt$16384$8$1$ulUuZRq59B0X3F4mXEXOpg==$weqF3hz1UtKOal4LjXV4FdIcNAQDMsNqz/2VQiJsudw=',1,'F0',NULL,'13800000000','f0@example.com','店长',1,'storeManger',NULL),
(3,'2026-11-25 00:35:54','2026-11-25 00:35:54',7,1,'Fixture 1','fixture1','scrypt$16384$8$1$urwhfiX9UVOvRwkxCg/LEA==$40qfamw+0i+qg/MydESq2ExIVFZs7CVlvpcs9IoPRQk=',1,'F1',NULL,'13800000001','f1@example.com',NULL,1,'clerk',NULL),
(4,'2026-11-25 00:35:54','2026-11-25 00:35:54',7,1,'Fixture 2','fixture2','scrypt$16384$8$1$Hncry04JTPmEXMiIlhB5Gg==$8gvNvDVXHp54fU12XEwsP2YIQQ2LbNWtVu7l5BvPMWA=',1,'F2',NULL,'13800000002','f2@example.com',NULL,1,'clerk',NULL);
/*!40000 ALTER TABLE `base_sys_user` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `base_sys_user_role`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `base_sys_user_role` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `userId` int(11) NOT NULL,
  `roleId` int(11) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uq_base_sys_user_role` (`userId`,`roleId`),
  KEY `idx_base_sys_user_role_roleId` (`roleId`)
) ENGINE=InnoDB AUTO_INCREMENT=6 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `base_sys_user_role` WRITE;
/*!40000 ALTER TABLE `base_sys_user_role` DISABLE KEYS */;
INSERT INTO `base_sys_user_role` VALUES
(1,1,1),
(2,2,2),
(3,3,2),
(4,4,2);
/*!40000 ALTER TABLE `base_sys_user_role` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `dict_info`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `dict_info` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `createTime` varchar(19) NOT NULL,
  `updateTime` varchar(19) NOT NULL,
  `typeId` int(11) NOT NULL,
  `name` varchar(100) NOT NULL,
  `value` varchar(500) DEFAULT NULL,
  `orderNum` int(11) NOT NULL DEFAULT 0,
  `remark` varchar(500) DEFAULT NULL,
  `parentId` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `idx_dict_info_typeId` (`typeId`),
  KEY `idx_dict_info_parentId` (`parentId`),
  KEY `idx_dict_info_createTime` (`createTime`)
) ENGINE=InnoDB AUTO_INCREMENT=26 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `dict_info` WRITE;
/*!40000 ALTER TABLE `dict_info` DISABLE KEYS */;
INSERT INTO `dict_info` VALUES
(1,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'生鲜','1',1,NULL,NULL),
(2,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'水果','11',1,NULL,1),
(3,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'蔬菜','12',2,NULL,1),
(4,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'肉禽蛋','13',3,NULL,1),
(5,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'食品饮料','2',2,NULL,NULL),
(6,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'休闲零食','21',1,NULL,5),
(7,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'酒水饮料','22',2,NULL,5),
(8,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'日用百货','3',3,NULL,NULL),
(9,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'个护美妆','4',4,NULL,NULL),
(10,'2026-11-25 00:35:54','2026-11-25 00:35:54',1,'家电数码','5',5,NULL,NULL),
(11,'2026-11-25 00:35:54','2026-11-25 00:35:54',2,'直营店','direct',1,NULL,NULL),
(12,'2026-11-25 00:35:54','2026-11-25 00:35:54',2,'加盟店','franchise',2,NULL,NULL),
(13,'2026-11-25 00:35:54','2026-11-25 00:35:54',2,'社区店','community',3,NULL,NULL),
(14,'2026-11-25 00:35:54','2026-11-25 00:35:54',2,'旗舰店','flagship',4,NULL,NULL),
(15,'2026-11-25 00:35:54','2026-11-25 00:35:54',3,'现金','cash',1,NULL,NULL),
(16,'2026-11-25 00:35:54','2026-11-25 00:35:54',3,'微信支付','wechat',2,NULL,NULL),
(17,'2026-11-25 00:35:54','2026-11-25 00:35:54',3,'支付宝','alipay',3,NULL,NULL),
(18,'2026-11-25 00:35:54','2026-11-25 00:35:54',3,'银行卡','card',4,NULL,NULL),
(19,'2026-11-25 00:35:54','2026-11-25 00:35:54',3,'会员储值','stored',5,'会员卡余额支付',NULL),
(20,'2026-11-25 00:35:54','2026-11-25 00:35:54',4,'到店自然客流','walkIn',1,NULL,NULL),
(21,'2026-11-25 00:35:54','2026-11-25 00:35:54',4,'老客户转介绍','referral',2,NULL,NULL),
(22,'2026-11-25 00:35:54','2026-11-25 00:35:54',4,'电话邀约','phone',3,NULL,NULL),
(23,'2026-11-25 00:35:54','2026-11-25 00:35:54',4,'线上活动','online',4,NULL,NULL),
(24,'2026-11-25 00:35:54','2026-11-25 00:35:54',5,'Parent','p',1,NULL,NULL),
(25,'2026-11-25 00:35:54','2026-11-25 00:35:54',5,'Child','c',2,NULL,24);
/*!40000 ALTER TABLE `dict_info` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `dict_type`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `dict_type` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `createTime` varchar(19) NOT NULL,
  `updateTime` varchar(19) NOT NULL,
  `name` varchar(100) NOT NULL,
  `key` varchar(100) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uq_dict_type_key` (`key`),
  KEY `idx_dict_type_createTime` (`createTime`)
) ENGINE=InnoDB AUTO_INCREMENT=6 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `dict_type` WRITE;
/*!40000 ALTER TABLE `dict_type` DISABLE KEYS */;
INSERT INTO `dict_type` VALUES
(1,'2026-11-25 00:35:54','2026-11-25 00:35:54','商品分类','goodsType'),
(2,'2026-11-25 00:35:54','2026-11-25 00:35:54','门店类型','storeType'),
(3,'2026-11-25 00:35:54','2026-11-25 00:35:54','支付方式','paymentMethod'),
(4,'2026-11-25 00:35:54','2026-11-25 00:35:54','客户来源','customerSource'),
(5,'2026-11-25 00:35:54','2026-11-25 00:35:54','Fixture dictionary','fixtureDict');
/*!40000 ALTER TABLE `dict_type` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `kysely_migration`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `kysely_migration` (
  `name` varchar(255) NOT NULL,
  `timestamp` varchar(255) NOT NULL,
  PRIMARY KEY (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `kysely_migration` WRITE;
/*!40000 ALTER TABLE `kysely_migration` DISABLE KEYS */;
INSERT INTO `kysely_migration` VALUES
('20261122000000_base_create-tables','2026-11-25T00:35:54.552Z'),
('20261122000300_recycle_create-tables','2026-11-25T00:35:54.581Z'),
('20261122000400_dict_create-tables','2026-11-25T00:35:54.611Z'),
('20261122000500_task_create-tables','2026-11-25T00:35:54.626Z'),
('20261122000600_space_create-tables','2026-11-25T00:35:54.643Z');
/*!40000 ALTER TABLE `kysely_migration` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `kysely_migration_lock`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `kysely_migration_lock` (
  `id` varchar(255) NOT NULL,
  `is_locked` int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `kysely_migration_lock` WRITE;
/*!40000 ALTER TABLE `kysely_migration_lock` DISABLE KEYS */;
INSERT INTO `kysely_migration_lock` VALUES
('migration_lock',0);
/*!40000 ALTER TABLE `kysely_migration_lock` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `recycle_data`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `recycle_data` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `createTime` varchar(19) NOT NULL,
  `updateTime` varchar(19) NOT NULL,
  `entityInfo` mediumtext NOT NULL,
  `userId` int(11) DEFAULT NULL,
  `data` mediumtext NOT NULL,
  `related` mediumtext DEFAULT NULL,
  `url` varchar(255) NOT NULL,
  `params` mediumtext DEFAULT NULL,
  `count` int(11) NOT NULL DEFAULT 1,
  `restoreTime` varchar(19) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `idx_recycle_data_userId` (`userId`),
  KEY `idx_recycle_data_url` (`url`),
  KEY `idx_recycle_data_createTime` (`createTime`)
) ENGINE=InnoDB AUTO_INCREMENT=3 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `recycle_data` WRITE;
/*!40000 ALTER TABLE `recycle_data` DISABLE KEYS */;
INSERT INTO `recycle_data` VALUES
(1,'2026-11-25 00:35:54','2026-11-25 00:35:54','{\"dataSourceName\":\"default\",\"entity\":\"BaseSysUserEntity\",\"module\":\"base\",\"table\":\"base_sys_user\"}',1,'[{\"id\":5,\"createTime\":\"2026-11-25 00:35:54\",\"updateTime\":\"2026-11-25 00:35:54\",\"departmentId\":7,\"userId\":1,\"name\":\"Fixture 3\",\"username\":\"fixture3\",\"password\":\"scrypt$16384$8$1$Y2BW/JLGokZ3+5JfNTLCzw==$xotp0XkXDO/RCJb3TmJNJG/cKKA5o38sdSf87uT6+gM=\",\"passwordV\":1,\"nickName\":\"F3\",\"headImg\":null,\"phone\":\"13800000003\",\"email\":\"f3@example.com\",\"remark\":null,\"status\":1,\"userLevel\":\"hr\",\"socketId\":null}]','[{\"table\":\"base_sys_user_role\",\"rows\":[{\"id\":5,\"userId\":5,\"roleId\":2}]}]','/admin/base/sys/user/delete','{\"ids\":[5]}',1,NULL),
(2,'2026-11-25 00:35:55','2026-11-25 00:35:55','{\"dataSourceName\":\"default\",\"entity\":\"SpaceInfoEntity\",\"module\":\"space\",\"table\":\"space_info\"}',1,'[{\"id\":1,\"createTime\":\"2026-11-25 00:35:54\",\"updateTime\":\"2026-11-25 00:35:54\",\"url\":\"/upload/20261125/61a4cd2b-c528-44da-b37c-b18d81a2f045.png\",\"type\":\"image\",\"classifyId\":1,\"fileId\":null,\"name\":\"pixel.png\",\"size\":70,\"version\":1,\"key\":null}]','[]','/admin/space/info/delete','{\"ids\":[1]}',1,NULL);
/*!40000 ALTER TABLE `recycle_data` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `space_info`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `space_info` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `createTime` varchar(19) NOT NULL,
  `updateTime` varchar(19) NOT NULL,
  `url` varchar(500) NOT NULL,
  `type` varchar(50) NOT NULL DEFAULT 'other',
  `classifyId` int(11) DEFAULT NULL,
  `fileId` varchar(100) DEFAULT NULL,
  `name` varchar(255) NOT NULL,
  `size` int(11) NOT NULL DEFAULT 0,
  `version` int(11) NOT NULL DEFAULT 1,
  `key` varchar(500) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `idx_space_info_type` (`type`),
  KEY `idx_space_info_classifyId` (`classifyId`),
  KEY `idx_space_info_createTime` (`createTime`)
) ENGINE=InnoDB AUTO_INCREMENT=3 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `space_info` WRITE;
/*!40000 ALTER TABLE `space_info` DISABLE KEYS */;
INSERT INTO `space_info` VALUES
(2,'2026-11-25 00:35:55','2026-11-25 00:35:55','/upload/20261125/61a4cd2b-c528-44da-b37c-b18d81a2f045.png','image',1,NULL,'pixel copy.png',70,1,NULL);
/*!40000 ALTER TABLE `space_info` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `space_type`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `space_type` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `createTime` varchar(19) NOT NULL,
  `updateTime` varchar(19) NOT NULL,
  `name` varchar(100) NOT NULL,
  `parentId` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `idx_space_type_parentId` (`parentId`),
  KEY `idx_space_type_createTime` (`createTime`)
) ENGINE=InnoDB AUTO_INCREMENT=2 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `space_type` WRITE;
/*!40000 ALTER TABLE `space_type` DISABLE KEYS */;
INSERT INTO `space_type` VALUES
(1,'2026-11-25 00:35:54','2026-11-25 00:35:54','Fixture files',NULL);
/*!40000 ALTER TABLE `space_type` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `task_info`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `task_info` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `createTime` varchar(19) NOT NULL,
  `updateTime` varchar(19) NOT NULL,
  `jobId` varchar(100) DEFAULT NULL,
  `repeatConf` varchar(1000) DEFAULT NULL,
  `name` varchar(100) NOT NULL,
  `cron` varchar(100) DEFAULT NULL,
  `limit` int(11) DEFAULT NULL,
  `every` int(11) DEFAULT NULL,
  `remark` varchar(500) DEFAULT NULL,
  `status` int(11) NOT NULL DEFAULT 1,
  `startDate` varchar(19) DEFAULT NULL,
  `endDate` varchar(19) DEFAULT NULL,
  `data` mediumtext DEFAULT NULL,
  `service` varchar(100) NOT NULL,
  `type` int(11) NOT NULL DEFAULT 0,
  `nextRunTime` varchar(19) DEFAULT NULL,
  `taskType` int(11) NOT NULL DEFAULT 0,
  `lastExecuteTime` varchar(19) DEFAULT NULL,
  `lockExpireTime` varchar(30) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `idx_task_info_status` (`status`),
  KEY `idx_task_info_createTime` (`createTime`)
) ENGINE=InnoDB AUTO_INCREMENT=4 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `task_info` WRITE;
/*!40000 ALTER TABLE `task_info` DISABLE KEYS */;
INSERT INTO `task_info` VALUES
(1,'2026-11-25 00:35:54','2026-11-25 00:35:54',NULL,'{\"count\":0}','请求日志保留清理','0 3 * * *',NULL,NULL,'每天 03:00 删除超过保存天数的请求日志',1,NULL,NULL,NULL,'base:log-retention',0,'2026-11-25 03:00:00',0,NULL,'2026-11-25T03:00:00.000Z'),
(2,'2026-11-25 00:35:54','2026-11-25 00:35:54',NULL,'{\"count\":0}','回收站数据保留清理','30 3 * * *',NULL,NULL,'每天 03:30 删除超过保存天数的回收站数据',1,NULL,NULL,NULL,'recycle:retention',0,'2026-11-25 03:30:00',0,NULL,'2026-11-25T03:30:00.000Z'),
(3,'2026-11-25 00:35:54','2026-11-25 00:35:54',NULL,NULL,'Fixture task',NULL,NULL,3600000,NULL,0,NULL,NULL,'{}','task:demo',1,NULL,1,'2026-11-25 00:35:54',NULL);
/*!40000 ALTER TABLE `task_info` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `task_log`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `task_log` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `createTime` varchar(19) NOT NULL,
  `updateTime` varchar(19) NOT NULL,
  `taskId` int(11) NOT NULL,
  `status` int(11) NOT NULL DEFAULT 1,
  `detail` mediumtext DEFAULT NULL,
  `duration` int(11) NOT NULL DEFAULT 0,
  `trigger` int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY (`id`),
  KEY `idx_task_log_createTime` (`createTime`),
  KEY `idx_task_log_taskId_id` (`taskId`,`id`)
) ENGINE=InnoDB AUTO_INCREMENT=2 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `task_log` WRITE;
/*!40000 ALTER TABLE `task_log` DISABLE KEYS */;
INSERT INTO `task_log` VALUES
(1,'2026-11-25 00:35:54','2026-11-25 00:35:54',3,1,'{\"message\":\"hello from the demo task\",\"taskId\":3}',1,1);
/*!40000 ALTER TABLE `task_log` ENABLE KEYS */;
UNLOCK TABLES;
/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;

/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;
/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
/*!40101 SET CHARACTER_SET_RESULTS=@OLD_CHARACTER_SET_RESULTS */;
/*!40101 SET COLLATION_CONNECTION=@OLD_COLLATION_CONNECTION */;
/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */;

